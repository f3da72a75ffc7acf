import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MY_COURSES_PAGE, type ProgressRequest } from '../contract';
import { clock } from '../shared/clock';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { cancelledBy, cancelledByCondition, writeIf } from '../shared/table-writes';
import type { CourseItem, EvaluationItem, JobItem, LessonItem } from './course-items';
import { courseJobWrites } from './course-job-writes';
import { courseKey, courseSk, jobKey, myCoursesGsi, parseCourseSk } from './course-keys';
import { writeProgress } from './progress-writes';
import { decodeCursor, encodeCursor, type Page } from './store-support';

export interface CourseItems {
  course: CourseItem;
  lessons: LessonItem[];
  evaluations: EvaluationItem[];
}

/** The API's reads and the learner's writes on courses; the pipeline's writes are in generation-store. */
export interface CourseStore {
  /** Course and job in one transaction: both are written or neither. */
  create(course: CourseItem, job: JobItem): Promise<void>;
  get(userId: string, courseId: string): Promise<CourseItem | undefined>;
  /** The whole course (outline, lessons, evaluations) in one Query; `withContent: false` skips lesson text. */
  items(userId: string, courseId: string, withContent?: boolean): Promise<CourseItems | undefined>;
  /** Every course of the learner, newest first (a diplomado maps its courses). */
  list(userId: string): Promise<CourseItem[]>;
  /** One page of the learner's courses, newest first; `cursor` is the previous page's `next`. */
  listPage(userId: string, page?: { limit?: number; cursor?: string }): Promise<Page<CourseItem>>;
  /** Sets one lesson's progress; answers undefined when the learner has no such lesson. */
  setProgress(userId: string, courseId: string, p: ProgressRequest): Promise<CourseItem | undefined>;
  /**
   * A failed course back to `generando` with a new job, in one transaction, counting the restart
   * in `reintentos`; false when it is not failed or was already restarted `maxRetries` times.
   */
  restart(userId: string, courseId: string, jobId: string, job: JobItem, maxRetries?: number): Promise<boolean>;
  /**
   * Marks a course failed (only while still generating this job) and its job, in one transaction.
   * With `idleBefore` (the sweeper), only a job still running that has not moved since then;
   * answers whether the job was marked failed.
   */
  fail(userId: string, courseId: string, jobId: string, message: string, idleBefore?: string): Promise<boolean>;
}

export function dynamoCourseStore(db: DynamoDBDocumentClient, TableName: string): CourseStore {
  const writes = courseJobWrites(db, TableName);
  const store: CourseStore = {
    async create(course, job) {
      await writes.send(writes.newCourse(course), writes.newJob(job));
    },

    async get(userId, courseId) {
      const out = await db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId) }));
      return out.Item as CourseItem | undefined;
    },

    async items(userId, courseId, withContent = true) {
      const found = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': courseSk(courseId) },
        ...(!withContent && {
          ProjectionExpression: 'sk, courseId, moduleId, lessonId, estado, progreso, progresoLecciones, modulos, titulo, descripcion, topic, nivel, modo, #err, jobId, totalLecciones, completadas, ultimaLeccion, createdAt, updatedAt, objetivos, tokensEntrada, tokensSalida, modelos',
          ExpressionAttributeNames: { '#err': 'error' },
        }),
      });
      const course = found.find((i) => parseCourseSk(String(i.sk)).kind === 'course') as CourseItem | undefined;
      if (!course) return undefined;
      const kind = (i: Record<string, unknown>) => parseCourseSk(String(i.sk)).kind;
      return {
        course,
        lessons: found.filter((i) => kind(i) === 'lesson') as unknown as LessonItem[],
        evaluations: found.filter((i) => kind(i) === 'evaluation') as unknown as EvaluationItem[],
      };
    },

    async list(userId) {
      const all: CourseItem[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.listPage(userId, { limit: MY_COURSES_PAGE.max, cursor });
        all.push(...page.items);
        cursor = page.next;
      } while (cursor);
      return all;
    },

    async listPage(userId, { limit = MY_COURSES_PAGE.default, cursor } = {}) {
      const owner = { pk: userPk(userId), gsi1pk: myCoursesGsi(userId) };
      const out = await db.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :g',
          ExpressionAttributeValues: { ':g': owner.gsi1pk },
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: decodeCursor(cursor, owner, ['pk', 'sk', 'gsi1pk', 'gsi1sk']),
        }),
      );
      return { items: (out.Items ?? []) as CourseItem[], next: encodeCursor(out.LastEvaluatedKey) };
    },

    async setProgress(userId, courseId, p) {
      // One conditional UpdateItem of the course item: the lesson's entry and the counters (progress-writes.ts).
      return writeProgress(db, TableName, userId, courseId, p);
    },

    async restart(userId, courseId, jobId, job, maxRetries = Number.MAX_SAFE_INTEGER) {
      const course = writes.course(userId, courseId, {
        UpdateExpression: 'SET estado = :g, jobId = :j, updatedAt = :now, reintentos = if_not_exists(reintentos, :zero) + :one REMOVE #err',
        // The per-course cap in the same condition: concurrent retries cannot pass it.
        ConditionExpression: 'estado = :e AND (attribute_not_exists(reintentos) OR reintentos < :max)',
        ExpressionAttributeNames: { '#err': 'error' },
        ExpressionAttributeValues: { ':g': 'generando', ':j': jobId, ':now': job.createdAt, ':e': 'error', ':zero': 0, ':one': 1, ':max': maxRetries },
      });
      return writeIf(writes.send(course, writes.newJob({ ...job, userId, jobId })), cancelledByCondition);
    },

    async fail(userId, courseId, jobId, message, idleBefore) {
      const now = clock.now().toISOString();
      const idle = idleBefore === undefined ? {} : { ':idle': idleBefore };
      const jobUpdate = (condition: string) => ({
        UpdateExpression: 'SET #s = :e, step = :e, #err = :m, updatedAt = :now REMOVE gsi2pk, gsi2sk',
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#s': 'status', '#err': 'error' },
        ExpressionAttributeValues: { ':e': 'error', ':m': message, ':now': now, ...(condition.includes(':run') && { ':run': 'en_proceso' }), ...(condition.includes(':idle') && idle) },
      });
      const stillIdle = idleBefore === undefined ? '' : ' AND gsi2sk < :idle';
      const course = writes.course(userId, courseId, {
        UpdateExpression: 'SET estado = :e, #err = :m, updatedAt = :now',
        // Only this job's generation: a late failure of an older run never fails a restarted course.
        ConditionExpression: 'estado = :g AND jobId = :j',
        ExpressionAttributeNames: { '#err': 'error' },
        ExpressionAttributeValues: { ':e': 'error', ':m': message, ':now': now, ':g': 'generando', ':j': jobId },
      });
      try {
        await writes.send(course, writes.job(userId, jobId, jobUpdate(idleBefore === undefined ? 'attribute_exists(pk)' : `#s = :run${stillIdle}`)));
        return true;
      } catch (error) {
        // The sweeper's job moved meanwhile: it is alive, nothing is written.
        if (cancelledBy(error, 1)) return false;
        if (!cancelledBy(error, 0)) throw error;
      }
      // The course is no longer generating this job (finished, already failed or restarted):
      // only the job, if still running, ends failed.
      return writeIf(db.send(new UpdateCommand({ TableName, Key: jobKey(userId, jobId), ...jobUpdate(`#s = :run${stillIdle}`) })));
    },
  };
  return store;
}
