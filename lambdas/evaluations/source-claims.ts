import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { evaluationKey, type BankOrigin, type EvaluationItem, type EvaluationVariant } from '../course-model';
import { conflict } from '../shared/errors';
import { cancelledByCondition, conflicted, writeIf } from '../shared/table-writes';
import { stemHash } from './question-bank';
import { existingKeys } from './claims-read';
import { drawVariant, seenQuestions, unseenPool } from './variants';

// One bank, many accounts (issue 31, docs/evaluations.md): every member of an aula gets a copy of
// the teacher's bank, so what one account's results tell (a wrong answer eliminates an option, a
// right one gives the key) would help every other account, and a second copy of the same course
// would help its own learner. So a question of the source bank is shown in a graded attempt to ONE
// account at most, ever: drawing it writes a claim (BANKCLAIMS#<courseId>#<moduleId>, Q#<id>) that
// no other draw, in any copy, may take again; the bank owner's own graded attempts count as claims.
// Every drawn question's stem is claimed too (S#<stem hash>): a question written for one member
// with the very words of one another member was shown is not graded twice (a writer may repeat
// itself from the same lessons). Claims outlive the copy, the membership and the aula. A draw reads
// only the claim keys of the questions it could use (issue 40: the ledger grows with every attempt).

type Bank = Pick<EvaluationItem, 'preguntas' | 'version' | 'intentos' | 'origen'>;

/** What no graded attempt of an aula copy may draw any more, among the questions a read asked about. */
export interface Taken {
  /** Source ids claimed by an account or met by the bank's owner. */
  ids: Set<string>;
  /** Fingerprints (question-bank.ts stemHash) of the stems graded in any copy. */
  stems: Set<string>;
}
/** One question a draw claims: its id when it came from the source bank, its stem always. */
export interface Claim { preguntaId?: string; enunciado: string }

export interface SourceClaims {
  /**
   * Which of these questions are taken (issue 40 item 3): reads their claim keys, and the owner's
   * attempts when one of them is a source question; never the whole ledger, which only grows.
   */
  taken(origen: BankOrigin, candidates: Claim[]): Promise<Taken>;
  /** Up to `limit` stems graded in any copy, from a random point of the ledger: examples for the writer's `evitar`. */
  sampleStems(origen: BankOrigin, limit: number): Promise<string[]>;
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
/** Past every stem fingerprint (hex) in sort order. */
const STEMS_END = 'S#~';

export function dynamoSourceClaims(db: DynamoDBDocumentClient, TableName: string): SourceClaims {
  const stemsBetween = async (o: BankOrigin, from: string, to: string, Limit: number) => {
    if (Limit <= 0) return [];
    const out = await db.send(new QueryCommand({
      TableName, KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': claimPk(o), ':from': from, ':to': to }, ProjectionExpression: 'enunciado', Limit,
    }));
    return (out.Items ?? []).flatMap((i) => (typeof i.enunciado === 'string' ? [i.enunciado] : []));
  };
  return {
    async taken(o, candidates) {
      const sourceIds = candidates.flatMap((c) => (c.preguntaId ? [c.preguntaId] : []));
      const [found, owner] = await Promise.all([
        existingKeys(db, TableName, candidates.flatMap((c) => claimKeys(o, c).map(({ key }) => key))),
        // The owner's own graded attempts count as claims; read only when a source question is asked about.
        sourceIds.length ? db.send(new GetCommand({ TableName, Key: evaluationKey(o.userId, o.courseId, o.moduleId), ProjectionExpression: 'intentos', ConsistentRead: true })) : undefined,
      ]);
      const ownerMet = seenQuestions((owner?.Item as Pick<EvaluationItem, 'intentos'> | undefined)?.intentos);
      return {
        ids: new Set(sourceIds.filter((id) => found.has(`Q#${id}`) || ownerMet.has(id))),
        stems: new Set([...found].filter((sk) => sk.startsWith('S#')).map((sk) => sk.slice(2))),
      };
    },
    async sampleStems(o, limit) {
      // Fingerprints are uniform: from a random one onwards, then from the start for what is missing.
      const from = `S#${randomBytes(12).toString('hex')}`;
      const after = await stemsBetween(o, from, STEMS_END, limit);
      return [...after, ...(await stemsBetween(o, 'S#', from, limit - after.length))];
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

/** Questions of the bank as the ledger knows them: the source id when the copy took it from the source bank. */
const candidatesOf = (e: Bank, questions: readonly { preguntaId: string; enunciado: string }[]): Claim[] => {
  const copied = new Set(e.origen?.preguntas ?? []);
  return questions.map(({ preguntaId, enunciado }) => ({ ...(copied.has(preguntaId) && { preguntaId }), enunciado }));
};

/** For an aula copy's bank, which of the questions this learner could still draw are taken at the source; undefined for every other bank. */
export async function sourceTaken(claims: SourceClaims | undefined, e: Bank, met: Set<string> = seenQuestions(e.intentos)): Promise<Taken | undefined> {
  const ledger = claimsFor(claims, e);
  return ledger && e.origen ? ledger.taken(e.origen, candidatesOf(e, unseenPool(e, met))) : undefined;
}

/** Which of `questions` (new ones, written for an aula copy) carry a stem graded in another copy: their fingerprints. */
export async function claimedStems(claims: SourceClaims | undefined, e: Bank, questions: readonly { preguntaId: string; enunciado: string }[]): Promise<Set<string>> {
  const ledger = claimsFor(claims, e);
  return ledger && e.origen && questions.length ? (await ledger.taken(e.origen, questions.map(({ enunciado }) => ({ enunciado })))).stems : new Set();
}

/** The bank's questions a graded attempt may not draw: met by this learner, plus those taken at the source. */
export const withTaken = (e: Bank, met: Set<string>, taken: Taken | undefined): Set<string> =>
  taken ? new Set([...met, ...taken.ids, ...e.preguntas.filter((q) => taken.stems.has(stemHash(q.enunciado))).map((q) => q.preguntaId)]) : met;

/** Every question a graded attempt of this learner may not draw: met by them, and (aula copies) taken at the source. */
export async function unavailable(claims: SourceClaims | undefined, e: Bank, met: Set<string> = seenQuestions(e.intentos)): Promise<Set<string>> {
  return withTaken(e, met, await sourceTaken(claims, e, met));
}

const CLAIM_TRIES = 4;
const BUSY = 'Varias personas de tu aula están empezando esta evaluación a la vez. Vuelve a intentarlo en unos segundos.';
const claimsOf = (e: Bank, variant: EvaluationVariant): Claim[] => {
  const bank = new Map(e.preguntas.map((q) => [q.preguntaId, q.enunciado]));
  return candidatesOf(e, variant.preguntas.map(({ preguntaId }) => ({ preguntaId, enunciado: bank.get(preguntaId) ?? preguntaId })));
};

/**
 * drawVariant, and for an aula copy's bank the claims of the drawn source questions first (reserve
 * before showing): a draw that loses a claim to another account reads its candidates' claims again and draws anew.
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
