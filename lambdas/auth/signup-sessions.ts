import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// Issue 31, item 6: the `sessionid` POST /auth/register answers is ours, 43 random base64url
// characters for every registration, never Cognito's session (whose length a fake could not
// match): a taken address gets one too, with nothing behind it. Cognito's session (it signs the
// learner in right after the code, USER_AUTH) waits here, keyed by the sha256 of our token, for
// as long as Cognito keeps it valid.

/** Cognito's authentication flow session lasts up to 15 minutes (app client AuthSessionValidity). */
const KEEP_S = 15 * 60;

export interface SignupSessions {
  keep(token: string, cognitoSession: string): Promise<void>;
  /** Cognito's session behind our token; undefined for an unknown, expired or fake one. */
  find(token: string): Promise<string | undefined>;
}

const key = (token: string) => ({ pk: `SIGNUP#${createHash('sha256').update(token).digest('hex')}`, sk: 'SESSION' });

export function dynamoSignupSessions(db: DynamoDBDocumentClient, TableName: string): SignupSessions {
  return {
    async keep(token, cognitoSession) {
      const expiresAt = Math.floor(Date.now() / 1000) + KEEP_S;
      await db.send(new UpdateCommand({ TableName, Key: key(token), UpdateExpression: 'SET cognitoSession = :s, expiresAt = :e', ExpressionAttributeValues: { ':s': cognitoSession, ':e': expiresAt } }));
    },
    async find(token) {
      const out = await db.send(new GetCommand({ TableName, Key: key(token), ConsistentRead: true }));
      const item = out.Item as { cognitoSession?: string; expiresAt?: number } | undefined;
      // TTL deletes late: an expired item is as good as gone.
      return item?.cognitoSession && (item.expiresAt ?? 0) > Date.now() / 1000 ? item.cognitoSession : undefined;
    },
  };
}
