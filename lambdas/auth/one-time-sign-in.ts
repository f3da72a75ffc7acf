import { createHash, randomBytes } from 'node:crypto';
import {
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tokens } from '../contract';
import { writeIf } from '../shared/table-writes';

// A sign-in without a password, for a server that has already decided who the person is (an LTI launch,
// docs/lti.md "Signing in"). Cognito's custom authentication: the server starts CUSTOM_AUTH for the account
// (AdminInitiateAuth, IAM on this pool), writes a one-time proof (32 random bytes, kept by their SHA-256, for
// PROOF_TTL_S, naming the account) and answers the challenge with it; the pool's Verify trigger accepts the
// answer only by deleting that proof for that account (a conditional delete: single use, even at the same
// moment). Anyone may start CUSTOM_AUTH on the public app client, but nobody else can write a proof.

export const PROOF_TTL_S = 60;
const CUSTOM_CHALLENGE = 'CUSTOM_CHALLENGE';

const proofKey = (proof: string) => ({ pk: `SIGNINPROOF#${createHash('sha256').update(proof).digest('base64url')}`, sk: 'PROOF' });

export interface ProofStore {
  keep(proof: string, userId: string, expiresAt: number): Promise<void>;
  /** True once: the proof existed for this account, unexpired, and is now gone. */
  consume(proof: string, userId: string, nowS: number): Promise<boolean>;
}

export function dynamoProofStore(db: DynamoDBDocumentClient, TableName: string): ProofStore {
  return {
    async keep(proof, userId, expiresAt) {
      await db.send(new PutCommand({ TableName, Item: { ...proofKey(proof), userId, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' }));
    },
    consume: (proof, userId, nowS) =>
      writeIf(db.send(new DeleteCommand({
        TableName,
        Key: proofKey(proof),
        ConditionExpression: 'userId = :u AND expiresAt > :now',
        ExpressionAttributeValues: { ':u': userId, ':now': nowS },
      }))),
  };
}

// The three triggers' decisions, as pure functions of what Cognito passes them (the local stand-in calls them too).
interface ChallengeResult { challengeName: string; challengeResult: boolean }

/** DefineAuthChallenge: one custom challenge; tokens only when it was answered right, and no second try. */
export function defineChallenge(session: readonly ChallengeResult[]) {
  if (session.length === 0) return { challengeName: CUSTOM_CHALLENGE, issueTokens: false, failAuthentication: false };
  const last = session[session.length - 1];
  const passed = session.length === 1 && last.challengeName === CUSTOM_CHALLENGE && last.challengeResult;
  return { issueTokens: passed, failAuthentication: !passed };
}

/** CreateAuthChallenge: nothing to show or remember; the answer is checked against the store. */
export const createChallenge = () => ({ publicChallengeParameters: { tipo: 'acceso-de-un-solo-uso' }, privateChallengeParameters: {}, challengeMetadata: 'ONE_TIME_PROOF' });

/** VerifyAuthChallengeResponse: the proof must be this account's, and is spent by the check. */
export const verifyChallenge = (proofs: ProofStore, userId: string | undefined, answer: unknown, nowS: number) =>
  typeof answer === 'string' && answer.length > 0 && userId ? proofs.consume(answer, userId, nowS) : Promise.resolve(false);

export interface OneTimeSignInDeps {
  cognito: CognitoIdentityProviderClient;
  proofs: ProofStore;
  userPoolId: string;
  clientId: string;
  now: () => Date;
}

/** Tokens for the account `userId` (its Cognito sub, which is also its username in an email-username pool). */
export async function signInWithoutPassword(deps: OneTimeSignInDeps, userId: string): Promise<Tokens> {
  const started = await deps.cognito.send(new AdminInitiateAuthCommand({
    UserPoolId: deps.userPoolId, ClientId: deps.clientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: userId },
  }));
  if (started.ChallengeName !== CUSTOM_CHALLENGE || !started.Session) throw new Error(`Cognito answered CUSTOM_AUTH with ${started.ChallengeName ?? 'no challenge'}`);
  const proof = randomBytes(32).toString('base64url');
  await deps.proofs.keep(proof, userId, Math.floor(deps.now().getTime() / 1000) + PROOF_TTL_S);
  const out = await deps.cognito.send(new AdminRespondToAuthChallengeCommand({
    UserPoolId: deps.userPoolId, ClientId: deps.clientId, ChallengeName: CUSTOM_CHALLENGE, Session: started.Session,
    ChallengeResponses: { USERNAME: userId, ANSWER: proof },
  }));
  const result = out.AuthenticationResult;
  if (!result?.AccessToken || !result.IdToken) throw new Error('Cognito returned no tokens for the one-time sign-in');
  return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken ?? null, expiresIn: result.ExpiresIn ?? 3600 };
}
