import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { evaluationKey, type BankOrigin, type EvaluationItem, type EvaluationVariant } from '../course-model';
import { conflict } from '../shared/errors';
import { queryAll } from '../shared/table-query';
import { cancelledByCondition, conflicted, writeIf } from '../shared/table-writes';
import { drawVariant, seenQuestions } from './variants';

// One bank, many accounts (issue 31, docs/evaluations.md): every member of an aula gets a copy of
// the teacher's bank, so what one account's results tell (a wrong answer eliminates an option, a
// right one gives the key) would help every other account, and a second copy of the same course
// would help its own learner. So a question of the source bank is shown in a graded attempt to ONE
// account at most, ever: drawing it writes a claim (BANKCLAIMS#<courseId>#<moduleId>, Q#<id>) that
// no other draw, in any copy, may take again; the bank owner's own graded attempts count as claims.
// The claim outlives the copy, the membership and the aula, so leaving and re-joining gives nothing.

type Bank = Pick<EvaluationItem, 'preguntas' | 'version' | 'intentos' | 'origen'>;

export interface SourceClaims {
  /** The source bank's ids no graded attempt may draw any more: claimed by an account, or met by the bank's owner. */
  taken(origen: BankOrigin): Promise<Set<string>>;
  /** Claims `ids` for `userId`, all or none; false when one was taken meanwhile. */
  claim(origen: BankOrigin, userId: string, ids: string[]): Promise<boolean>;
  /** Gives back claims of a variant that never reached the learner (it lost a race). */
  release(origen: BankOrigin, userId: string, ids: string[]): Promise<void>;
}

export const claimPk = (o: Pick<BankOrigin, 'courseId' | 'moduleId'>) => `BANKCLAIMS#${o.courseId}#${o.moduleId}`;
/** Who claimed, as a hash: the ledger outlives accounts, so it keeps no learner's id. */
const claimer = (userId: string) => createHash('sha256').update(`bank-claim:${userId}`).digest('hex').slice(0, 24);

export function dynamoSourceClaims(db: DynamoDBDocumentClient, TableName: string): SourceClaims {
  return {
    async taken(o) {
      const [claims, owner] = await Promise.all([
        queryAll<{ sk: string }>(db, { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': claimPk(o) }, ProjectionExpression: 'sk', ConsistentRead: true }),
        db.send(new GetCommand({ TableName, Key: evaluationKey(o.userId, o.courseId, o.moduleId), ProjectionExpression: 'intentos', ConsistentRead: true })),
      ]);
      const ownerMet = seenQuestions((owner.Item as Pick<EvaluationItem, 'intentos'> | undefined)?.intentos);
      return new Set([...claims.map((c) => c.sk.slice(2)), ...ownerMet]);
    },
    claim(o, userId, ids) {
      const por = claimer(userId);
      return writeIf(
        db.send(new TransactWriteCommand({
          TransactItems: ids.map((id) => ({ Put: { TableName, Item: { pk: claimPk(o), sk: `Q#${id}`, por }, ConditionExpression: 'attribute_not_exists(pk)' } })),
        })),
        (error) => cancelledByCondition(error) || conflicted(error),
      );
    },
    async release(o, userId, ids) {
      const por = claimer(userId);
      await Promise.all(ids.map((id) => writeIf(db.send(new DeleteCommand({
        TableName, Key: { pk: claimPk(o), sk: `Q#${id}` }, ConditionExpression: 'por = :me', ExpressionAttributeValues: { ':me': por },
      })))));
    },
  };
}

function claimsFor(claims: SourceClaims | undefined, e: Bank): SourceClaims | undefined {
  if (!e.origen) return undefined;
  // Fail closed: an aula copy's bank is never drawn without the ledger.
  if (!claims) throw new Error('An aula copy bank was drawn without its source claims');
  return claims;
}

/** Every question a graded attempt of this learner may not draw: met by them, and (aula copies) taken at the source. */
export async function unavailable(claims: SourceClaims | undefined, e: Bank, met: Set<string> = seenQuestions(e.intentos)): Promise<Set<string>> {
  const ledger = claimsFor(claims, e);
  if (!ledger || !e.origen) return met;
  return new Set([...met, ...(await ledger.taken(e.origen))]);
}

const CLAIM_TRIES = 4;
const BUSY = 'Varias personas de tu aula están empezando esta evaluación a la vez. Vuelve a intentarlo en unos segundos.';
const sourceIds = (e: Bank, variant: EvaluationVariant) => {
  const copied = new Set(e.origen?.preguntas ?? []);
  return variant.preguntas.map((p) => p.preguntaId).filter((id) => copied.has(id));
};

/**
 * drawVariant, and for an aula copy's bank the claims of the drawn source questions first (reserve
 * before showing): a draw that loses a claim to another account reads the ledger again and draws anew.
 */
export async function drawClaimed(claims: SourceClaims | undefined, userId: string, e: Bank, met: Set<string> = seenQuestions(e.intentos)): Promise<EvaluationVariant | undefined> {
  const ledger = claimsFor(claims, e);
  if (!ledger || !e.origen) return drawVariant(e, met);
  for (let i = 0; i < CLAIM_TRIES; i++) {
    const variant = drawVariant(e, await unavailable(ledger, e, met));
    if (!variant) return undefined;
    const ids = sourceIds(e, variant);
    if (!ids.length || (await ledger.claim(e.origen, userId, ids))) return variant;
  }
  throw conflict(BUSY);
}

/** Gives back the claims of a drawn variant that was not put in place. */
export async function releaseVariant(claims: SourceClaims | undefined, userId: string, e: Bank, variant: EvaluationVariant | undefined): Promise<void> {
  const ledger = claimsFor(claims, e);
  if (!ledger || !e.origen || !variant) return;
  const ids = sourceIds(e, variant);
  if (ids.length) await ledger.release(e.origen, userId, ids);
}
