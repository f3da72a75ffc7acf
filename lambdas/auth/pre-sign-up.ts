import {
  AdminLinkProviderForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type {
  CreateAuthChallengeTriggerEvent, CustomMessageTriggerEvent, DefineAuthChallengeTriggerEvent, PreSignUpTriggerEvent, VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { documentClient } from '../shared/clients';
import { linkableUser } from './link-rule';
import { createChallenge, defineChallenge, dynamoProofStore, verifyChallenge } from './one-time-sign-in';
import { registrationNotice, type CustomMessageRequest } from './registration-notice';

/**
 * Cognito's pre-sign-up trigger (issue 14, item 5). A first Google or Microsoft sign-in would
 * create a second user (`Google_1234…`, a new `sub`) beside the learner who registered with the
 * same email, and so a second, empty learner. Instead the provider identity is linked to the
 * existing user: from then on that sign-in answers the existing user's tokens, same `sub`, same
 * courses. Only a verified email links: an unverified one would let anyone take an account over;
 * and only to a learner who confirmed their account (issue 20: an unconfirmed account may be a
 * stranger's sign-up with the victim's address).
 */

const cognito = new CognitoIdentityProviderClient({});

/** `Google_1057…` → ['Google', '1057…']; provider names never hold an underscore, ids may. */
export function providerIdentity(userName: string): [provider: string, id: string] | undefined {
  const at = userName.indexOf('_');
  return at > 0 ? [userName.slice(0, at), userName.slice(at + 1)] : undefined;
}

export type LinkPorts = {
  /** The confirmed native (email and password) user holding this verified email, if any. */
  nativeUserWithEmail(userPoolId: string, email: string): Promise<string | undefined>;
  link(userPoolId: string, nativeUsername: string, provider: string, providerUserId: string): Promise<void>;
};

export const cognitoLinkPorts = (client: CognitoIdentityProviderClient): LinkPorts => ({
  async nativeUserWithEmail(userPoolId, email) {
    const out = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email.replace(/"/g, '')}"`, Limit: 10 }));
    return out.Users?.find(linkableUser)?.Username;
  },
  async link(userPoolId, nativeUsername, provider, providerUserId) {
    await client.send(
      new AdminLinkProviderForUserCommand({
        UserPoolId: userPoolId,
        DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: nativeUsername },
        SourceUser: { ProviderName: provider, ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: providerUserId },
      }),
    );
  },
});

export async function linkToExistingLearner(ports: LinkPorts, event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
  const { email, email_verified: verified } = event.request.userAttributes;
  const identity = providerIdentity(event.userName);
  if (!email || verified !== 'true' || !identity) return event;
  const native = await ports.nativeUserWithEmail(event.userPoolId, email.trim().toLowerCase());
  if (native) await ports.link(event.userPoolId, native, identity[0], identity[1]);
  return event;
}

/** Cognito's CustomMessage trigger: the "someone tried to register with your address" notice (registration-notice.ts). */
export function customMessage<E extends { request: Omit<CustomMessageRequest, 'triggerSource'>; triggerSource: string; response: object }>(event: E): E {
  const notice = registrationNotice({ ...event.request, triggerSource: event.triggerSource });
  if (notice) Object.assign(event.response, notice);
  return event;
}

type TriggerEvent = PreSignUpTriggerEvent | CustomMessageTriggerEvent | DefineAuthChallengeTriggerEvent | CreateAuthChallengeTriggerEvent | VerifyAuthChallengeResponseTriggerEvent;

/**
 * One Lambda for the pool's triggers: pre-sign-up (account linking), the custom message, and the three of the
 * one-time sign-in (one-time-sign-in.ts; the Verify trigger spends a proof on the table, TABLE_NAME).
 */
export async function handler(event: TriggerEvent) {
  const source = event.triggerSource;
  if (source.startsWith('CustomMessage_')) return customMessage(event as CustomMessageTriggerEvent);
  if (source === 'DefineAuthChallenge_Authentication') {
    Object.assign(event.response, defineChallenge(event.request.session));
    return event;
  }
  if (source === 'CreateAuthChallenge_Authentication') {
    Object.assign(event.response, createChallenge());
    return event;
  }
  if (source === 'VerifyAuthChallengeResponse_Authentication') {
    const proofs = dynamoProofStore(documentClient(), process.env.TABLE_NAME ?? '');
    event.response.answerCorrect = await verifyChallenge(proofs, event.request.userAttributes.sub, event.request.challengeAnswer, Math.floor(Date.now() / 1000));
    return event;
  }
  return linkToExistingLearner(cognitoLinkPorts(cognito), event as PreSignUpTriggerEvent);
}
