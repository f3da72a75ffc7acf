import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type EvaluationItem, evaluationKey } from '../course-model';
import { conflict, tooMany } from '../shared/errors';
import { userPk } from '../shared/table';
import { cancelledBy, writeIf } from '../shared/table-writes';
import type { QuestionReport } from '../contract';
import { REPORTS_PER_DAY, type QuestionCounts } from './question-quality';

// Reports and per-question statistics (issue 20), in the learner's partition next to the bank they
// concern (docs/data-model.md). Statistics are one item per bank version: each graded attempt adds
// to it with ONE UpdateItem of ADDs (no read, no contention beyond the learner's own attempts).

const statsSk = (courseId: string, moduleId: string, bankVersion: string) => `COURSE#${courseId}#Q#${moduleId}#S#${bankVersion}`;
const reportSk = (courseId: string, moduleId: string, preguntaId: string) => `COURSE#${courseId}#Q#${moduleId}#R#${preguntaId}`;
const daySk = (day: string) => `REPORTES#${day}`;
const DAY_S = 86_400;

/** One graded question of an attempt. */
export interface GradedQuestion {
  preguntaId: string;
  correcta: boolean;
}

export interface QuestionStatsStore {
  /** Adds one attempt's answers; answers each question's counters after the write. */
  addAttempt(userId: string, courseId: string, moduleId: string, bankVersion: string, aprobado: boolean, graded: GradedQuestion[]): Promise<Record<string, QuestionCounts>>;
  /**
   * Records a report, at most one per learner and question and REPORTS_PER_DAY a day, in one
   * transaction (a refusal writes nothing). Answers the question's distinct reporters in this bank.
   */
  report(userId: string, bankVersion: string, report: QuestionReport & { preguntaId: string }, now: number): Promise<number>;
  /**
   * The evaluation question a review card of the learner was made from (lambdas/review/cards.ts:
   * `claveOrigen` = `<courseId>.<moduleId>.<preguntaId>`); undefined for another learner's card or a lesson's.
   */
  cardQuestion(userId: string, cardId: string): Promise<{ courseId: string; moduleId: string; preguntaId: string } | undefined>;
  /** Marks a bank question withdrawn, if the bank is still that version; answers whether it changed. */
  withdraw(userId: string, e: EvaluationItem, preguntaId: string): Promise<boolean>;
}

export function dynamoQuestionStats(db: DynamoDBDocumentClient, TableName: string): QuestionStatsStore {
  return {
    async addAttempt(userId, courseId, moduleId, bankVersion, aprobado, graded) {
      if (!graded.length) return {};
      const ids = graded.map((g) => g.preguntaId);
      // DynamoDB refuses unused names, so only the counters this attempt moves are named.
      const fields = graded.flatMap((g, i) => ['n', ...(g.correcta ? ['ok'] : []), ...(aprobado ? ['np'] : []), ...(aprobado && g.correcta ? ['okp'] : [])].map((f): [string, string] => [`#${f}${i}`, `${g.preguntaId}#${f}`]));
      const out = await db.send(
        new UpdateCommand({
          TableName,
          Key: { pk: userPk(userId), sk: statsSk(courseId, moduleId, bankVersion) },
          UpdateExpression: `ADD ${fields.map(([name]) => `${name} :one`).join(', ')} SET courseId = :c, moduleId = :m`,
          ExpressionAttributeNames: Object.fromEntries(fields),
          ExpressionAttributeValues: { ':one': 1, ':c': courseId, ':m': moduleId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = out.Attributes ?? {};
      const num = (k: string) => Number(item[k] ?? 0);
      return Object.fromEntries(ids.map((id) => [id, { n: num(`${id}#n`), ok: num(`${id}#ok`), np: num(`${id}#np`), okp: num(`${id}#okp`) }]));
    },

    async report(userId, bankVersion, r, now) {
      const pk = userPk(userId);
      const fecha = new Date(now).toISOString();
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName,
                  Item: { pk, sk: reportSk(r.courseId, r.moduleId, r.preguntaId), courseId: r.courseId, moduleId: r.moduleId, preguntaId: r.preguntaId, bankVersion, motivo: r.motivo, ...(r.detalle && { detalle: r.detalle }), fecha },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName,
                  Key: { pk, sk: daySk(fecha.slice(0, 10)) },
                  UpdateExpression: 'ADD n :one SET expiresAt = :exp',
                  ConditionExpression: 'attribute_not_exists(n) OR n < :max',
                  ExpressionAttributeValues: { ':one': 1, ':max': REPORTS_PER_DAY, ':exp': Math.floor(now / 1000) + 2 * DAY_S },
                },
              },
              {
                Update: {
                  TableName,
                  Key: { pk, sk: statsSk(r.courseId, r.moduleId, bankVersion) },
                  UpdateExpression: 'ADD #rep :one SET courseId = :c, moduleId = :m',
                  ExpressionAttributeNames: { '#rep': `${r.preguntaId}#rep` },
                  ExpressionAttributeValues: { ':one': 1, ':c': r.courseId, ':m': r.moduleId },
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (cancelledBy(error, 0)) throw conflict('Ya reportaste esta pregunta. Gracias: la estamos revisando.');
        if (cancelledBy(error, 1)) throw tooMany(`Puedes reportar como máximo ${REPORTS_PER_DAY} preguntas al día. Vuelve a intentarlo mañana.`);
        throw error;
      }
      // A learner reports a question once (the Put above), so each report is a distinct reporter.
      // Today's banks are the learner's own, so the count is 1; shared banks will count many.
      return 1;
    },

    async cardQuestion(userId, cardId) {
      const out = await db.send(new GetCommand({ TableName, Key: { pk: userPk(userId), sk: `REVIEW#${cardId}` }, ProjectionExpression: 'claveOrigen' }));
      const parts = String(out.Item?.claveOrigen ?? '').split('.');
      return parts.length === 3 ? { courseId: parts[0], moduleId: parts[1], preguntaId: parts[2] } : undefined;
    },

    async withdraw(userId, e, preguntaId) {
      const at = e.preguntas.findIndex((q) => q.preguntaId === preguntaId);
      if (at < 0 || e.preguntas[at].retirada) return false;
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, e.courseId, e.moduleId),
            UpdateExpression: `SET preguntas[${at}].retirada = :t`,
            ConditionExpression: `version = :bank AND preguntas[${at}].preguntaId = :id`,
            ExpressionAttributeValues: { ':t': true, ':bank': e.version, ':id': preguntaId },
          }),
        ),
      );
    },
  };
}
