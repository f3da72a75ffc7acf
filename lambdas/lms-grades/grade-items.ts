import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { writeIf } from '../shared/table-writes';
import { rosterItems } from './roster-items';

// Grades that flow back to the school's LMS (issue 45 item 4, docs/lti.md "Grades"). In the LMS course's aula
// partition: each resource link a launch brought with an AGS line item (LMSLINK#), each learner's LMS `sub`
// (LMSSUB#, written by their launch: AGS names the learner by it), and one score item per graded attempt and
// link (LMSSCORE#), written once by a conditional put keyed by the attempt: the same attempt never makes two.
// The score's own state ('pendiente', 'enviada', 'error') is what the teacher sees; the lti room's job posts it.

/** The LMS course's aula partition (the aulas room's `aulaPk`): these items live beside its members. */
const aulaPk = (aulaId: string) => `AULA#${aulaId}`;

export const LINK_PREFIX = 'LMSLINK#';
export const SUB_PREFIX = 'LMSSUB#';
export const SCORE_PREFIX = 'LMSSCORE#';

const hash = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

export interface LmsLink {
  resourceLinkId: string;
  /**
   * The AGS line item URL (already checked to be on the platform's site by the lti room): the platform's (the launch's
   * claim, or Deep Linking's `lineItem`), or the one the score job found or made in `lineitems` (ags-lineitems.ts).
   */
  lineitem?: string;
  /** The platform's line items container, when its launch let Mentora manage line items and named none for the link. */
  lineitems?: string;
  /** While one score job finds or makes the link's line item: until when that claim holds (ISO). */
  creandoHasta?: string;
  /** The registration the link came through: its token endpoint and keys are the only ones used for it. */
  issuer: string;
  clientId: string;
  /** The registration instance (lambdas/lti/lti-items.ts PlatformItem.registro): a later registration of the same issuer and client id is not it. */
  registro?: string;
  /**
   * The aula's course (the teacher's course id) the link grades: a Deep Linking activity's own, else the aula's only
   * course when a launch of the link came while it studied exactly one. Absent: the link grades nothing yet.
   */
  cursoId?: string;
  /** The module whose evaluation the link grades; absent: the course (modules passed of all). */
  moduloId?: string;
  titulo?: string;
  /** The link's title in the LMS (the latest launch's): the teacher's view names a link that grades nothing by it. */
  enLms?: string;
  actualizadoEn: string;
}

export type ScoreState = 'pendiente' | 'enviada' | 'error';

/** A line item Mentora makes for a plain link, as Deep Linking's `lineItem` would have been (lambdas/lti/deep-linking.ts). */
export interface LineItemSpec { label: string; resourceId: string; tag: 'curso' | 'evaluacion'; scoreMaximum: number }

/** One score for one link: AGS 2.0 §3.4's Score, with who and where, and its sending state. */
export interface LmsScore {
  /** The item's id in the aula (its sort key without the prefix): `<userId>#<link>#<course>#<module>#<attempt>`. */
  nota: string;
  userId: string;
  /** The learner's LMS `sub`: AGS's `userId`. */
  sub: string;
  issuer: string;
  clientId: string;
  registro?: string;
  /** Absent when the link had no line item yet: the job finds or makes it (`columna`) and sends there. */
  lineitem?: string;
  /** What the link's line item is made of when the job makes it (AGS 2.0 §3.2: label, resourceId, tag; out of 100). */
  columna?: LineItemSpec;
  resourceLinkId: string;
  titulo?: string;
  moduloId?: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: 'Initialized' | 'Started' | 'InProgress' | 'Submitted' | 'Completed';
  gradingProgress: 'FullyGraded' | 'Pending' | 'PendingManual' | 'Failed' | 'NotReady';
  /** The attempt's time: the same score sent again carries the same timestamp (AGS: not a newer result). */
  timestamp: string;
  estado: ScoreState;
  /** How many times it was (re)queued: 0 at first, +1 per retry; part of its job's execution name. */
  ronda: number;
  error?: string;
  creadaEn: string;
  /** When its current round was queued (a retry's time; absent: `creadaEn`, round 0's). */
  encoladaEn?: string;
  enviadaEn?: string;
}

/**
 * A score 'pendiente' for longer than this has no job left that will send it: the lms-scores state machine's longest
 * execution is about 7 minutes (PostScore: 6 tries of at most 30 s and ≤ 62 s of backoff; MarkScoreFailed: 5 tries of
 * at most 30 s). It got there when the request that queued it died between its put and its StartExecution. The
 * teacher sees it as "error, reintentar" (computed when read: nothing sweeps) and the retry takes it.
 */
export const STUCK_AFTER_MS = 15 * 60_000;
export const STUCK_REASON = 'El envío de esta nota no llegó a empezar. Reintenta para enviarla.';
/** The time its current round was queued. */
export const queuedAt = (s: Pick<LmsScore, 'creadaEn' | 'encoladaEn'>) => s.encoladaEn ?? s.creadaEn;
/** Pending past STUCK_AFTER_MS at `now`: no job of its round can still be running. */
export const stuck = (s: Pick<LmsScore, 'estado' | 'creadaEn' | 'encoladaEn'>, now: Date) =>
  s.estado === 'pendiente' && Date.parse(queuedAt(s)) < now.getTime() - STUCK_AFTER_MS;

export const linkKey = (aulaId: string, resourceLinkId: string) => ({ pk: aulaPk(aulaId), sk: `${LINK_PREFIX}${hash(resourceLinkId)}` });
export const subKey = (aulaId: string, userId: string) => ({ pk: aulaPk(aulaId), sk: `${SUB_PREFIX}${userId}` });
/** In the learner's partition, beside their LMSSUB# in the aula: which LMS course's aulas hold their grades (grade-erasure.ts). */
export const LEARNER_POINTER_PREFIX = 'LMSAULA#';
export const learnerPointerKey = (userId: string, aulaId: string) => ({ pk: userPk(userId), sk: `${LEARNER_POINTER_PREFIX}${aulaId}` });
export const scoreKey = (aulaId: string, nota: string) => ({ pk: aulaPk(aulaId), sk: `${SCORE_PREFIX}${nota}` });
/** A score's id: the learner, the link, and the attempt (course, module, attempt number). */
export const scoreId = (userId: string, resourceLinkId: string, attempt: string) => `${userId}#${hash(resourceLinkId).slice(0, 16)}#${attempt}`;
/** Step Functions execution names: [A-Za-z0-9-_], at most 80; the same score and round always the same name. */
export const executionName = (aulaId: string, nota: string, ronda: number) => `nota-${hash(`${aulaId}\n${nota}`).slice(0, 43)}-${ronda}`;

const strip = <T>({ pk: _pk, sk: _sk, ...rest }: T & { pk: string; sk: string }) => rest as T;

export function dynamoLmsGrades(db: DynamoDBDocumentClient, TableName: string) {
  return {
    // The LMS course's roster (NRPS, roster-items.ts) lives in the same partition.
    ...rosterItems(db, TableName),
    /**
     * A launch's resource link with its line item (the platform may move it: the latest launch's stays). Its course:
     * `cursoId` when the launch names it (a Deep Linking activity's target); `soloCurso`, the aula's only course, is
     * kept only if the link had none yet, so a plain link bound while the aula studied one course stays that course's.
     */
    async bindLink(aulaId: string, link: LmsLink, soloCurso?: string) {
      const { cursoId, moduloId, titulo, ...rest } = link;
      const course = cursoId ? 'cursoId = :c' : soloCurso ? 'cursoId = if_not_exists(cursoId, :c)' : '';
      const set = [...Object.keys(rest).map((k) => `#${k} = :${k}`), ...(course ? [course] : []), ...(moduloId ? ['moduloId = :m'] : []), ...(titulo ? ['titulo = :t'] : [])];
      await db.send(new UpdateCommand({
        TableName, Key: linkKey(aulaId, link.resourceLinkId),
        UpdateExpression: `SET ${set.join(', ')}${moduloId ? '' : ' REMOVE moduloId'}`,
        ExpressionAttributeNames: Object.fromEntries(Object.keys(rest).map((k) => [`#${k}`, k])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [`:${k}`, v])),
          ...(course && { ':c': cursoId ?? soloCurso }), ...(moduloId && { ':m': moduloId }), ...(titulo && { ':t': titulo }),
        },
      }));
    },
    /**
     * The learner's LMS `sub` in this aula (their launch names it; it never changes for an identity), with the pointer
     * in their own partition that lets their account's deletion find it and their scores (grade-erasure.ts).
     */
    async bindLearner(aulaId: string, userId: string, sub: string, at: string) {
      await db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...learnerPointerKey(userId, aulaId), aulaId } } },
          {
            Update: {
              TableName, Key: subKey(aulaId, userId),
              UpdateExpression: 'SET #s = :s, userId = :u, ultimoLanzamiento = :at, primerLanzamiento = if_not_exists(primerLanzamiento, :at)',
              ExpressionAttributeNames: { '#s': 'sub' }, ExpressionAttributeValues: { ':s': sub, ':u': userId, ':at': at },
            },
          },
        ],
      }));
    },
    async learnerSub(aulaId: string, userId: string): Promise<string | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName, Key: subKey(aulaId, userId) }));
      return Item?.sub as string | undefined;
    },
    /** Every LMS `sub` that launched into the aula (at most the aula's members). */
    launchedSubs: async (aulaId: string) =>
      (await queryAll<{ sub: string; userId: string }>(db, { TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': aulaPk(aulaId), ':p': SUB_PREFIX } })),
    /** One link, read consistently (the score job: has another job made its line item meanwhile?). */
    async link(aulaId: string, resourceLinkId: string): Promise<LmsLink | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName, Key: linkKey(aulaId, resourceLinkId), ConsistentRead: true }));
      return Item && strip(Item as LmsLink & { pk: string; sk: string });
    },
    /**
     * One job at a time finds or makes a link's line item: the claim is taken only while the link has none and no
     * unexpired claim (one left by a job that died lapses at `until`). Twenty scores at once: one claim, one column.
     */
    claimLineItem: (aulaId: string, resourceLinkId: string, now: string, until: string) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: linkKey(aulaId, resourceLinkId), UpdateExpression: 'SET creandoHasta = :until',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(lineitem) AND (attribute_not_exists(creandoHasta) OR creandoHasta < :now)',
        ExpressionAttributeValues: { ':until': until, ':now': now },
      }))),
    /** The line item found or made: the link's from now on (every later score goes straight there). */
    saveLineItem: (aulaId: string, resourceLinkId: string, lineitem: string) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: linkKey(aulaId, resourceLinkId), UpdateExpression: 'SET lineitem = if_not_exists(lineitem, :l) REMOVE creandoHasta',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':l': lineitem },
      }))),
    /** A failed attempt lets go of its claim at once (the next job tries again), never of another job's. */
    releaseLineItem: (aulaId: string, resourceLinkId: string, until: string) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: linkKey(aulaId, resourceLinkId), UpdateExpression: 'REMOVE creandoHasta',
        ConditionExpression: 'creandoHasta = :until', ExpressionAttributeValues: { ':until': until },
      }))),
    links: async (aulaId: string) =>
      (await queryAll<LmsLink & { pk: string; sk: string }>(db, { TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': aulaPk(aulaId), ':p': LINK_PREFIX } })).map((i) => strip(i)),
    /** Writes the score once: false when this attempt's score for this link already exists. */
    enqueue: (aulaId: string, score: LmsScore) =>
      writeIf(db.send(new PutCommand({ TableName, Item: { ...scoreKey(aulaId, score.nota), ...score }, ConditionExpression: 'attribute_not_exists(pk)' }))),
    async score(aulaId: string, nota: string): Promise<LmsScore | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName, Key: scoreKey(aulaId, nota), ConsistentRead: true }));
      return Item && strip(Item as LmsScore & { pk: string; sk: string });
    },
    scores: async (aulaId: string) =>
      (await queryAll<LmsScore & { pk: string; sk: string }>(db, { TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': aulaPk(aulaId), ':p': SCORE_PREFIX } })).map((i) => strip(i)),
    /** The platform took it. */
    markSent: (aulaId: string, nota: string, at: string) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: scoreKey(aulaId, nota), UpdateExpression: 'SET estado = :e, enviadaEn = :at REMOVE #err',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#err': 'error' }, ExpressionAttributeValues: { ':e': 'enviada', ':at': at },
      }))),
    /**
     * The job gave up: the teacher sees the reason and may retry. Never over a score already sent, nor, when the job
     * names its round, over a later round's (a retry took the score meanwhile: that round's job decides).
     */
    markFailed: (aulaId: string, nota: string, reason: string, ronda?: number) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: scoreKey(aulaId, nota), UpdateExpression: 'SET estado = :e, #err = :r',
        ConditionExpression: `attribute_exists(pk) AND estado <> :sent${ronda === undefined ? '' : ' AND ronda = :ronda'}`, ExpressionAttributeNames: { '#err': 'error' },
        ExpressionAttributeValues: { ':e': 'error', ':r': reason.slice(0, 300), ':sent': 'enviada', ...(ronda !== undefined && { ':ronda': ronda }) },
      }))),
    /**
     * A retry, once per round: only a score of that round that failed, or that is stuck pending (queued before
     * `now` - STUCK_AFTER_MS, see `stuck`), goes back to 'pendiente' for the next round (twenty retries at once: one).
     */
    reopen: (aulaId: string, nota: string, ronda: number, now: Date) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: scoreKey(aulaId, nota), UpdateExpression: 'SET estado = :p, ronda = :next, encoladaEn = :now REMOVE #err',
        ConditionExpression: 'ronda = :r AND (estado = :e OR (estado = :p AND (encoladaEn < :cutoff OR (attribute_not_exists(encoladaEn) AND creadaEn < :cutoff))))',
        ExpressionAttributeNames: { '#err': 'error' },
        ExpressionAttributeValues: {
          ':p': 'pendiente', ':e': 'error', ':r': ronda, ':next': ronda + 1, ':now': now.toISOString(),
          ':cutoff': new Date(now.getTime() - STUCK_AFTER_MS).toISOString(),
        },
      }))),
  };
}
export type LmsGrades = ReturnType<typeof dynamoLmsGrades>;
