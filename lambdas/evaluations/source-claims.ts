import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { evaluationKey, type BankOrigin, type EvaluationItem, type EvaluationVariant } from '../course-model';
import { conflict } from '../shared/errors';
import { queryAll } from '../shared/table-query';
import { cancelledByCondition, conflicted, writeIf } from '../shared/table-writes';
import { stemHash } from './question-bank';
import { drawVariant, seenQuestions } from './variants';

// One bank, many accounts (issue 31, docs/evaluations.md): every member of an aula gets a copy of
// the teacher's bank, so what one account's results tell (a wrong answer eliminates an option, a
// right one gives the key) would help every other account, and a second copy of the same course
// would help its own learner. So a question of the source bank is shown in a graded attempt to ONE
// account at most, ever: drawing it writes a claim (BANKCLAIMS#<courseId>#<moduleId>, Q#<id>) that
// no other draw, in any copy, may take again; the bank owner's own graded attempts count as claims.
// Every drawn question's stem is claimed too (S#<stem hash>): a question written for one member
// with the very words of one another member was shown is not graded twice (a writer may repeat
// itself from the same lessons). Claims outlive the copy, the membership and the aula.

type Bank = Pick<EvaluationItem, 'preguntas' | 'version' | 'intentos' | 'origen'>;

/** What no graded attempt of an aula copy may draw any more. */
export interface Taken {
  /** Source ids claimed by an account or met by the bank's owner. */
  ids: Set<string>;
  /** Fingerprints (question-bank.ts stemHash) of every stem graded in any copy, and their text (for the writer's `evitar`). */
  stems: Set<string>;
  enunciados: string[];
}
/** One question a draw claims: its id when it came from the source bank, its stem always. */
export interface Claim { preguntaId?: string; enunciado: string }

export interface SourceClaims {
  taken(origen: BankOrigin): Promise<Taken>;
  /** Claims every question, all or none; false when one was taken meanwhile. */
  claim(origen: BankOrigin, userId: string, claims: Claim[]): Promise<boolean>;
  /** Gives back claims of a variant that never reached the learner (it lost a race). */
  release(origen: BankOrigin, userId: string, claims: Claim[]): Promise<void>;
}

const claimKeys = (o: BankOrigin, c: Claim) => [
  ...(c.preguntaId ? [{ key: { pk: claimPk(o), sk: `Q#${c.preguntaId}` } }] : []),
  { key: { pk: claimPk(o), sk: `S#${stemHash(c.enunciado)}` }, enunciado: c.enunciado },
];

export const claimPk = (o: Pick<BankOrigin, 'courseId' | 'moduleId'>) => `BANKCLAIMS#${o.courseId}#${o.moduleId}`;
/** Who claimed, as a hash: the ledger outlives accounts, so it keeps no learner's id. */
const claimer = (userId: string) => createHash('sha256').update(`bank-claim:${userId}`).digest('hex').slice(0, 24);

export function dynamoSourceClaims(db: DynamoDBDocumentClient, TableName: string): SourceClaims {
  return {
    async taken(o) {
      const [claims, owner] = await Promise.all([
        queryAll<{ sk: string; enunciado?: string }>(db, { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': claimPk(o) }, ProjectionExpression: 'sk, enunciado', ConsistentRead: true }),
        db.send(new GetCommand({ TableName, Key: evaluationKey(o.userId, o.courseId, o.moduleId), ProjectionExpression: 'intentos', ConsistentRead: true })),
      ]);
      const ownerMet = seenQuestions((owner.Item as Pick<EvaluationItem, 'intentos'> | undefined)?.intentos);
      const ids = claims.filter((c) => c.sk.startsWith('Q#')).map((c) => c.sk.slice(2));
      const stems = claims.filter((c) => c.sk.startsWith('S#'));
      return { ids: new Set([...ids, ...ownerMet]), stems: new Set(stems.map((c) => c.sk.slice(2))), enunciados: stems.flatMap((c) => (c.enunciado ? [c.enunciado] : [])) };
    },
    claim(o, userId, claims) {
      const por = claimer(userId);
      return writeIf(
        db.send(new TransactWriteCommand({
          TransactItems: claims.flatMap((c) => claimKeys(o, c)).map(({ key, enunciado }) => ({
            Put: { TableName, Item: { ...key, por, ...(enunciado && { enunciado }) }, ConditionExpression: 'attribute_not_exists(pk)' },
          })),
        })),
        (error) => cancelledByCondition(error) || conflicted(error),
      );
    },
    async release(o, userId, claims) {
      const por = claimer(userId);
      await Promise.all(claims.flatMap((c) => claimKeys(o, c)).map(({ key }) => writeIf(db.send(new DeleteCommand({
        TableName, Key: key, ConditionExpression: 'por = :me', ExpressionAttributeValues: { ':me': por },
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

/** The ledger of an aula copy's bank; undefined for every other bank. */
export async function sourceTaken(claims: SourceClaims | undefined, e: Bank): Promise<Taken | undefined> {
  const ledger = claimsFor(claims, e);
  return ledger && e.origen ? ledger.taken(e.origen) : undefined;
}

/** The bank's questions a graded attempt may not draw: met by this learner, plus those taken at the source. */
export const withTaken = (e: Bank, met: Set<string>, taken: Taken | undefined): Set<string> =>
  taken ? new Set([...met, ...taken.ids, ...e.preguntas.filter((q) => taken.stems.has(stemHash(q.enunciado))).map((q) => q.preguntaId)]) : met;

/** Every question a graded attempt of this learner may not draw: met by them, and (aula copies) taken at the source. */
export async function unavailable(claims: SourceClaims | undefined, e: Bank, met: Set<string> = seenQuestions(e.intentos)): Promise<Set<string>> {
  return withTaken(e, met, await sourceTaken(claims, e));
}

const CLAIM_TRIES = 4;
const BUSY = 'Varias personas de tu aula están empezando esta evaluación a la vez. Vuelve a intentarlo en unos segundos.';
const claimsOf = (e: Bank, variant: EvaluationVariant): Claim[] => {
  const copied = new Set(e.origen?.preguntas ?? []);
  const bank = new Map(e.preguntas.map((q) => [q.preguntaId, q.enunciado]));
  return variant.preguntas.map(({ preguntaId }) => ({ ...(copied.has(preguntaId) && { preguntaId }), enunciado: bank.get(preguntaId) ?? preguntaId }));
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
    if (await ledger.claim(e.origen, userId, claimsOf(e, variant))) return variant;
  }
  throw conflict(BUSY);
}

/** Gives back the claims of a drawn variant that was not put in place. */
export async function releaseVariant(claims: SourceClaims | undefined, userId: string, e: Bank, variant: EvaluationVariant | undefined): Promise<void> {
  const ledger = claimsFor(claims, e);
  if (!ledger || !e.origen || !variant) return;
  await ledger.release(e.origen, userId, claimsOf(e, variant));
}
