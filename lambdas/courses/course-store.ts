import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProgressRequest } from '../contract';
import { userPk } from '../shared/table';
import type { CourseItem, EvaluationItem, JobItem, LessonItem } from './course-items';
import { courseKey, courseSk, jobKey, lessonKey, myCoursesGsi, parseCourseSk } from './course-keys';

export interface CourseItems {
  course: CourseItem;
  lessons: LessonItem[];
  evaluations: EvaluationItem[];
}

/** The API's reads and the learner's writes on courses; the pipeline's writes are in generation-store. */
export interface CourseStore {
  create(course: CourseItem, job: JobItem): Promise<void>;
  get(userId: string, courseId: string): Promise<CourseItem | undefined>;
  /** The whole course (outline, lessons, evaluations) in one Query; `withContent: false` skips lesson text. */
  items(userId: string, courseId: string, withContent?: boolean): Promise<CourseItems | undefined>;
  list(userId: string): Promise<CourseItem[]>;
  /** Sets one lesson's progress; answers undefined when the learner has no such lesson. */
  setProgress(userId: string, courseId: string, p: ProgressRequest): Promise<CourseItem | undefined>;
  restart(userId: string, courseId: string, jobId: string, job: JobItem): Promise<boolean>;
  /** Marks a course and its job failed (only while still generating). */
  fail(userId: string, courseId: string, jobId: string, message: string): Promise<void>;
}

const isMissing = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

export function dynamoCourseStore(db: DynamoDBDocumentClient, TableName: string): CourseStore {
  return {
    async create(course, job) {
      const now = course.createdAt;
      await Promise.all([
        db.send(new PutCommand({ TableName, Item: { ...job, ...jobKey(job.userId, job.jobId) }, ConditionExpression: 'attribute_not_exists(pk)' })),
        db.send(
          new PutCommand({
            TableName,
            Item: { ...course, ...courseKey(course.userId, course.courseId), gsi1pk: myCoursesGsi(course.userId), gsi1sk: now },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ]);
    },

    async get(userId, courseId) {
      const out = await db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId) }));
      return out.Item as CourseItem | undefined;
    },

    async items(userId, courseId, withContent = true) {
      const found: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': courseSk(courseId) },
            ExclusiveStartKey: start,
            ...(!withContent && {
              ProjectionExpression: 'sk, courseId, moduleId, lessonId, estado, progreso, modulos, titulo, descripcion, topic, nivel, modo, #err, jobId, totalLecciones, completadas, ultimaLeccion, createdAt, updatedAt, objetivos, tokensEntrada, tokensSalida, modelos',
              ExpressionAttributeNames: { '#err': 'error' },
            }),
          }),
        );
        found.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
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
      const out = await db.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :g',
          ExpressionAttributeValues: { ':g': myCoursesGsi(userId) },
          ScanIndexForward: false,
        }),
      );
      return (out.Items ?? []) as CourseItem[];
    },

    async setProgress(userId, courseId, { moduleId, lessonId, estado }) {
      const now = new Date().toISOString();
      let previous: string | undefined;
      try {
        // The lesson item exists from the moment the outline does; its key carries the owner.
        const out = await db.send(
          new UpdateCommand({
            TableName,
            Key: lessonKey(userId, courseId, moduleId, lessonId),
            UpdateExpression: 'SET progreso = :e, progresoEn = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':e': estado, ':now': now },
            ReturnValues: 'ALL_OLD',
          }),
        );
        previous = out.Attributes?.progreso as string | undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      // The lesson's old state says exactly whether this write completed or reopened it, so
      // the counters move by the true delta even under concurrent writes to the same lesson.
      const delta = (estado === 'completado' ? 1 : 0) - (previous === 'completado' ? 1 : 0);
      const out = await db.send(
        new UpdateCommand({
          TableName,
          Key: courseKey(userId, courseId),
          UpdateExpression:
            'SET ultimaLeccion = :last, updatedAt = :now, completadasPorModulo.#m = completadasPorModulo.#m + :d ADD completadas :d',
          ExpressionAttributeNames: { '#m': moduleId },
          ExpressionAttributeValues: { ':last': { moduleId, lessonId }, ':now': now, ':d': delta },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as CourseItem;
    },

    async restart(userId, courseId, jobId, job) {
      try {
        await db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: 'SET estado = :g, jobId = :j, updatedAt = :now REMOVE #err',
            ConditionExpression: 'estado = :e',
            ExpressionAttributeNames: { '#err': 'error' },
            ExpressionAttributeValues: { ':g': 'generando', ':j': jobId, ':now': job.createdAt, ':e': 'error' },
          }),
        );
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await db.send(new PutCommand({ TableName, Item: { ...job, ...jobKey(userId, jobId) } }));
      return true;
    },

    async fail(userId, courseId, jobId, message) {
      const now = new Date().toISOString();
      await Promise.all([
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: 'SET estado = :e, #err = :m, updatedAt = :now',
            ConditionExpression: 'estado = :g',
            ExpressionAttributeNames: { '#err': 'error' },
            ExpressionAttributeValues: { ':e': 'error', ':m': message, ':now': now, ':g': 'generando' },
          }),
        ).catch((e) => {
          if (!isMissing(e)) throw e;
        }),
        db.send(
          new UpdateCommand({
            TableName,
            Key: jobKey(userId, jobId),
            UpdateExpression: 'SET #s = :e, step = :e, #err = :m, updatedAt = :now',
            ExpressionAttributeNames: { '#s': 'status', '#err': 'error' },
            ExpressionAttributeValues: { ':e': 'error', ':m': message, ':now': now },
          }),
        ),
      ]);
    },
  };
}
