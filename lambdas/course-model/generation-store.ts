import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NumberedSource } from '../contract';
import type { Usage } from '../shared/ai/structured-output';
import { clock } from '../shared/clock';
import { answerIf, refused, writeIf } from '../shared/table-writes';
import type { EvaluationItem, JobItem, LessonItem, OutlineModule } from './course-items';
import { CACHE_READ_PREFIX, CACHE_WRITE_PREFIX, IN_PREFIX, OUT_PREFIX } from './course-cost';
import { courseKey, evaluationKey, jobKey, lessonKey } from './course-keys';
import { dynamoOutlineWrites, type OutlineWrites } from './outline-writes';

/** What a model call cost and who wrote it, added to the course's running totals. */
export interface Spend {
  usage: Usage;
  modelId: string;
  promptVersion: string;
  purpose: string;
  demo: boolean;
}

export interface GenerationStore extends OutlineWrites {
  /** Saves a whole outline at once (every module, then the header) and its call's spend: outline-writes.ts. */
  saveOutline(userId: string, courseId: string, o: { titulo: string; descripcion: string; objetivos: string[]; modulos: OutlineModule[] }, spend: Spend): Promise<void>;
  /** Generation state of a lesson or evaluation, to skip finished work when resuming. */
  contentState(userId: string, courseId: string, moduleId: string, lessonId?: string): Promise<string | undefined>;
  /**
   * Writes a lesson's content and answers the lesson (undefined when the course has no such lesson).
   * `fuentes`: a grounded lesson's checked sources (issue 24); absent, any earlier ones go with the old text.
   */
  saveLesson(userId: string, courseId: string, moduleId: string, lessonId: string, contenido: string, fuentes?: NumberedSource[]): Promise<LessonItem | undefined>;
  /** Marks a lesson that could not be written `error`, unless it was written meanwhile. */
  failLesson(userId: string, courseId: string, moduleId: string, lessonId: string, message: string): Promise<void>;
  saveEvaluation(userId: string, courseId: string, e: Omit<EvaluationItem, 'intentos'>): Promise<void>;
  spend(userId: string, courseId: string, spend: Spend): Promise<void>;
  updateJob(userId: string, jobId: string, change: { step?: JobItem['step']; status?: JobItem['status']; done?: number; total?: number; error?: string; costeEstimadoUSD?: number }): Promise<void>;
  finishCourse(userId: string, courseId: string, estado: 'listo' | 'error', error?: string): Promise<boolean>;
}

/**
 * A pipeline task of a run that no longer owns its course: the sweeper or a Catch failed it, the
 * learner restarted it under a new job, or deleted it. Not in the state machine's Retry lists.
 */
export class RunSuperseded extends Error {
  override name = 'RunSuperseded';
}

const now = () => clock.now().toISOString();

/** The lesson's sources travel with its text: set with a grounded one, removed with any other (no stale marks). */
const lessonSources = (fuentes?: NumberedSource[]) =>
  fuentes?.length ? { set: ', fuentes = :f', remove: '', values: { ':f': fuentes } } : { set: '', remove: 'REMOVE fuentes', values: {} };

// Issue 20: a task still running when its learner deletes the account must not recreate anything.
// Every write here either updates an item that must exist (`attribute_exists(pk)`) or creates items
// in one transaction with a check that the course item still exists: never a read, then a write.

// Issue 23: a run's late tasks (the sweeper failed its course, or a retry started a new run) write
// nothing: forRun(jobId) adds `estado = generando AND jobId = <run>` on the course to each write.

/** The course condition of a run: its own expression and values, appended to a write's. */
const runCondition = (run?: string) =>
  run ? { expression: ' AND estado = :gen AND jobId = :run', values: { ':gen': 'generando', ':run': run } } : { expression: '', values: {} };

/**
 * `run` (a job id) is for the pipeline's tasks of that run: every write also requires the course to
 * be still generating under that run, and the job to be still running. A refused course write
 * throws RunSuperseded (not retried by the state machine); a refused job update or lesson failure
 * writes nothing and says nothing.
 */
export function dynamoGenerationStore(db: DynamoDBDocumentClient, TableName: string, run?: string): GenerationStore {
  const owns = runCondition(run);
  /** A transaction's condition that the course item is still there, and still this run's (DynamoDB allows 100 actions a transaction). */
  const courseExists = (userId: string, courseId: string) => ({
    ConditionCheck: {
      TableName,
      Key: courseKey(userId, courseId),
      ConditionExpression: `attribute_exists(pk)${owns.expression}`,
      ...(run && { ExpressionAttributeValues: owns.values }),
    },
  });
  /** In a run, a refused course write means the run lost its course: RunSuperseded instead of a condition error. */
  const asRun = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } catch (error) {
      if (run && refused(error)) throw new RunSuperseded(`Run ${run} no longer generates this course`);
      throw error;
    }
  };
  const outline = dynamoOutlineWrites(db, TableName, { owns, asRun });
  const store: GenerationStore = {

    ...outline,

    async saveOutline(userId, courseId, o, spend) {
      await outline.completeOutline(userId, courseId, o, { stored: 0, demo: spend.demo });
      await store.spend(userId, courseId, spend);
    },

    async contentState(userId, courseId, moduleId, lessonId) {
      const Key = lessonId ? lessonKey(userId, courseId, moduleId, lessonId) : evaluationKey(userId, courseId, moduleId);
      const out = await db.send(new GetCommand({ TableName, Key, ProjectionExpression: 'estado' }));
      return out.Item?.estado as string | undefined;
    },

    async saveLesson(userId, courseId, moduleId, lessonId, contenido, fuentes) {
      const sources = lessonSources(fuentes);
      if (run) {
        // The lesson and the run's hold on its course in one transaction (no ReturnValues there):
        // the pipeline does not read the answer, so it is the fields just written.
        const written = { ...lessonKey(userId, courseId, moduleId, lessonId), courseId, moduleId, lessonId, contenido, ...(fuentes?.length && { fuentes }), estado: 'lista', generadaEn: now() };
        await asRun(
          db.send(
            new TransactWriteCommand({
              TransactItems: [
                courseExists(userId, courseId),
                {
                  Update: {
                    TableName,
                    Key: lessonKey(userId, courseId, moduleId, lessonId),
                    UpdateExpression: `SET contenido = :c, estado = :e, generadaEn = :now${sources.set} ${sources.remove}`,
                    ConditionExpression: 'attribute_exists(pk)',
                    ExpressionAttributeValues: { ':c': contenido, ':e': 'lista', ':now': written.generadaEn, ...sources.values },
                  },
                },
              ],
            }),
          ),
        );
        return written as LessonItem;
      }
      // SET only the content: the learner's progress on this lesson stays as it was.
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: lessonKey(userId, courseId, moduleId, lessonId),
            UpdateExpression: `SET contenido = :c, estado = :e, generadaEn = :now${sources.set} ${sources.remove}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':c': contenido, ':e': 'lista', ':now': now(), ...sources.values },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return out?.Attributes as LessonItem | undefined;
    },

    async failLesson(userId, courseId, moduleId, lessonId, message) {
      const update = {
        TableName,
        Key: lessonKey(userId, courseId, moduleId, lessonId),
        UpdateExpression: 'SET estado = :e, errorGeneracion = :m, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND estado <> :lista',
        ExpressionAttributeValues: { ':e': 'error', ':m': message, ':now': now(), ':lista': 'lista' },
      };
      const write = run ? db.send(new TransactWriteCommand({ TransactItems: [courseExists(userId, courseId), { Update: update }] })) : db.send(new UpdateCommand(update));
      await writeIf(write, refused);
    },

    async saveEvaluation(userId, courseId, e) {
      await asRun(db.send(
        new TransactWriteCommand({
          TransactItems: [
            courseExists(userId, courseId),
            {
              Update: {
                TableName,
                Key: evaluationKey(userId, courseId, e.moduleId),
                UpdateExpression: 'SET courseId = :c, moduleId = :m, estado = :e, version = :v, preguntas = :p, generadaEn = :now',
                ExpressionAttributeValues: { ':c': courseId, ':m': e.moduleId, ':e': e.estado, ':v': e.version, ':p': e.preguntas, ':now': now() },
              },
            },
          ],
        }),
      ));
    },

    async spend(userId, courseId, s) {
      // Input read from or written to the prompt cache, per model id too: billed at its own prices (course-cost.ts).
      const read = s.usage.cacheReadInputTokens ?? 0;
      const written = s.usage.cacheWriteInputTokens ?? 0;
      const cached = `${read ? ', #cr :r' : ''}${written ? ', #cw :w' : ''}`;
      await asRun(db.send(
        new UpdateCommand({
          TableName,
          Key: courseKey(userId, courseId),
          // Totals, and the same tokens per model id so the course is priced model by model (course-cost.ts).
          UpdateExpression: `ADD tokensEntrada :i, tokensSalida :o, #mi :i, #mo :o, modelos :m${cached} SET versionesPrompt.#p = :v`,
          ConditionExpression: `attribute_exists(pk)${owns.expression}`,
          ExpressionAttributeNames: {
            '#p': s.purpose, '#mi': IN_PREFIX + s.modelId, '#mo': OUT_PREFIX + s.modelId,
            ...(read && { '#cr': CACHE_READ_PREFIX + s.modelId }), ...(written && { '#cw': CACHE_WRITE_PREFIX + s.modelId }),
          },
          ExpressionAttributeValues: { ':i': s.usage.inputTokens, ':o': s.usage.outputTokens, ':m': new Set([s.modelId]), ':v': s.promptVersion, ...(read && { ':r': read }), ...(written && { ':w': written }), ...owns.values },
        }),
      ));
    },

    async updateJob(userId, jobId, c) {
      const sets = ['updatedAt = :now'];
      const values: Record<string, unknown> = { ':now': now() };
      for (const field of ['step', 'status', 'total', 'error', 'costeEstimadoUSD'] as const) {
        if (c[field] === undefined) continue;
        sets.push(`#${field} = :${field}`);
        values[`:${field}`] = c[field];
      }
      const names: Record<string, string> = Object.fromEntries(sets.slice(1).map((s) => s.split(' ')[0]).map((n) => [n, n.slice(1)]));
      if (c.done) values[':done'] = c.done;
      // In a run, a job that ended (failed by the sweeper or a Catch, or completed) never changes again.
      const stillRunning = run ? ' AND NOT (#jobStatus IN (:jobError, :jobDone))' : '';
      if (run) {
        names['#jobStatus'] = 'status';
        Object.assign(values, { ':jobError': 'error', ':jobDone': 'completado' });
      }
      // The sparse index of running jobs (store-support.ts): a job that moves gets a new sort key
      // (the sweeper sees it as alive); one that ends leaves the index. gsi2sk alone, without
      // gsi2pk, keeps an ended job out of it.
      const ended = c.status === 'completado' || c.status === 'error';
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: jobKey(userId, jobId),
            UpdateExpression: `SET ${sets.join(', ')}${ended ? '' : ', gsi2sk = :now'}${c.done ? ' ADD done :done' : ''}${ended ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
            // A job deleted with its account stays deleted: the update of a missing job writes nothing.
            ConditionExpression: `attribute_exists(pk)${stillRunning}`,
            ...(Object.keys(names).length && { ExpressionAttributeNames: names }),
            ExpressionAttributeValues: values,
          }),
        ),
      );
    },

    async finishCourse(userId, courseId, estado, error) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: `SET estado = :e, updatedAt = :now${error ? ', #err = :msg' : ''}`,
            // Only a course still generating changes: a late failure never overwrites a finished course.
            // In a run, only while the course is this run's: a superseded run never finishes a restarted course.
            ConditionExpression: `estado = :g${run ? ' AND jobId = :run' : ''}`,
            ...(error && { ExpressionAttributeNames: { '#err': 'error' } }),
            ExpressionAttributeValues: { ':e': estado, ':now': now(), ':g': 'generando', ...(error && { ':msg': error }), ...(run && { ':run': run }) },
          }),
        ),
      );
    },
  };
  return store;
}
