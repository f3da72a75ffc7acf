import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { unauthorized } from './errors';
import { writeIf } from './table-writes';

// Access tokens issued before a sign-out stay usable on our API (issue 20, item 4). Cognito's
// global sign-out revokes refresh tokens and makes Cognito's own APIs refuse the old access
// tokens, but API Gateway's JWT authorizer checks tokens offline: a stolen access token would work
// for the rest of its hour. A password reset, a password change and an account deletion write a
// cutoff for the learner; every authenticated request reads it (one consistent GetItem) and
// refuses a token issued before. The item lives outside the learner's partition, so it outlives
// an account deletion (the partition is emptied) for as long as an old token could: its TTL.

/** Longer than any access token can live (the pool's access tokens last one hour; Cognito's maximum is one day). */
const KEEP_S = 24 * 60 * 60;

export const SESSION_ENDED = 'Tu sesión ha terminado: se cambió la contraseña o se eliminó la cuenta. Inicia sesión de nuevo.';

const key = (userId: string) => ({ pk: `SESSIONS#${userId}`, sk: 'CUTOFF' });

/**
 * The first second whose tokens are still good after a sign-out at `at`. Token `iat` counts whole
 * seconds, so the second of the sign-out itself is refused too: a sign-in that must survive it
 * (the reset's and the change's own new tokens) waits for the next second (`untilValid`).
 */
export const validFromAfter = (at: number) => Math.floor(at / 1000) + 1;

/** Milliseconds from `now` until tokens issued count as issued after the sign-out at `at`. */
export const untilValid = (at: number, now: number) => Math.max(0, validFromAfter(at) * 1000 - now);

export interface SessionCutoffs {
  /** Refuses every access token of the learner issued up to this moment (epoch ms, the system clock, as Cognito's `iat`). */
  cutOff(userId: string, at: number): Promise<void>;
  /** The first `iat` (epoch s) still accepted, when the learner has a cutoff. */
  validFrom(userId: string): Promise<number | undefined>;
}

export function dynamoSessionCutoffs(db: DynamoDBDocumentClient, TableName: string): SessionCutoffs {
  return {
    async cutOff(userId, at) {
      const from = validFromAfter(at);
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: key(userId),
            UpdateExpression: 'SET validFrom = :v, expiresAt = :e',
            // A later cutoff only ever moves forward, whichever request lands last.
            ConditionExpression: 'attribute_not_exists(validFrom) OR validFrom < :v',
            ExpressionAttributeValues: { ':v': from, ':e': from + KEEP_S },
          }),
        ),
      );
    },
    async validFrom(userId) {
      const out = await db.send(new GetCommand({ TableName, Key: key(userId), ConsistentRead: true, ProjectionExpression: 'validFrom' }));
      return typeof out.Item?.validFrom === 'number' ? out.Item.validFrom : undefined;
    },
  };
}

/** Refuses (401) an access token issued before the learner's last cutoff. Claims come as the authorizer passes them (numbers or strings). */
export async function checkSessionCutoff(cutoffs: Pick<SessionCutoffs, 'validFrom'>, userId: string, claims: Record<string, unknown>): Promise<void> {
  const from = await cutoffs.validFrom(userId);
  if (from === undefined) return;
  const issuedAt = Number(claims.iat);
  if (!Number.isFinite(issuedAt) || issuedAt < from) throw unauthorized(SESSION_ENDED);
}
