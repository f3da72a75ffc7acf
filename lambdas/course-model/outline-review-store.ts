import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { refused, writeIf } from '../shared/table-writes';
import type { CourseItem, OutlineModule } from './course-items';
import { courseJobWrites } from './course-job-writes';
import { courseKey, jobKey, lessonKey } from './course-keys';
import { lessonKeysOf } from './outline-edit';
import { runningJobIndex } from './store-support';

// The outline review's writes (issue 15). The task token lives on the course item while the
// pipeline waits; the learner's confirmation and the timeout's "keep it as it is" are both
// conditional on `revisando_temario`, so exactly one of them ends the review.

export interface OutlineReviewStore {
  /** The pipeline waits: the course shows `revisando_temario` and keeps the token to resume it. */
  begin(userId: string, courseId: string, jobId: string, token: string, until: string): Promise<void>;
  /** The review timed out: the course goes on generating with the outline as stored. */
  keep(userId: string, courseId: string, jobId: string): Promise<{ titulo: string; modulos: OutlineModule[] } | undefined>;
  /** Stores the edited outline, its lesson items and the job's new total in one transaction; false when no longer in review. */
  confirm(course: CourseItem & { temarioToken: string }, modulos: OutlineModule[], jobTotal: number): Promise<boolean>;
}

/** The job is running again (back in the sweeper's index), moved now. */
const backToRunning = (courseId: string, at: string) => ({ UpdateExpression: 'SET updatedAt = :now, gsi2pk = :p, gsi2sk = :now REMOVE revisandoTemario', ExpressionAttributeValues: { ':now': at, ':p': runningJobIndex.partition(courseId), ':running': 'en_proceso' } });

export function dynamoOutlineReviewStore(db: DynamoDBDocumentClient, TableName: string): OutlineReviewStore {
  const now = () => new Date().toISOString();
  return {
    async begin(userId, courseId, jobId, token, until) {
      await db.send(
        new UpdateCommand({
          TableName,
          Key: courseKey(userId, courseId),
          UpdateExpression: 'SET estado = :r, temarioToken = :t, temarioHasta = :u, updatedAt = :now',
          // A retried invocation (new token) while already waiting replaces the token.
          ConditionExpression: 'estado IN (:g, :r)',
          ExpressionAttributeValues: { ':r': 'revisando_temario', ':t': token, ':u': until, ':now': now(), ':g': 'generando' },
        }),
      );
      // The job shows the wait too (revisandoTemario is in its view and its ETag), so a page following the job sees it
      // move and reads the course again: the course read that followed the outline's last step can come before the
      // write above, and then nothing else would move (updatedAt is left out of the job's tag). It also leaves the
      // running-jobs index while the learner edits, so the stale-job sweeper (15 min) leaves it alone.
      await db.send(new UpdateCommand({ TableName, Key: jobKey(userId, jobId), UpdateExpression: 'SET updatedAt = :now, revisandoTemario = :y REMOVE gsi2pk', ExpressionAttributeValues: { ':now': now(), ':y': true } }));
    },

    async keep(userId, courseId, jobId) {
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: 'SET estado = :g, updatedAt = :now REMOVE temarioToken, temarioHasta',
            ConditionExpression: 'estado = :r',
            ExpressionAttributeValues: { ':g': 'generando', ':r': 'revisando_temario', ':now': now() },
          }),
        ),
      );
      await writeIf(db.send(new UpdateCommand({ TableName, Key: jobKey(userId, jobId), ...backToRunning(courseId, now()), ConditionExpression: '#s = :running', ExpressionAttributeNames: { '#s': 'status' } })));
      const out = await db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId), ProjectionExpression: 'titulo, modulos' }));
      return out.Item as { titulo: string; modulos: OutlineModule[] } | undefined;
    },

    async confirm(course, modulos, jobTotal) {
      const { userId, courseId } = course;
      const at = now();
      const kept = new Set(lessonKeysOf(modulos));
      const removed = lessonKeysOf(course.modulos).filter((k) => !kept.has(k));
      const lessonItems = modulos.flatMap((m) =>
        m.lecciones.map((l) => ({ ...lessonKey(userId, courseId, m.moduleId, l.lessonId), courseId, moduleId: m.moduleId, lessonId: l.lessonId, estado: 'pendiente', progreso: 'pendiente' })),
      );
      const writes = courseJobWrites(db, TableName);
      const confirmed = writes.course(userId, courseId, {
        UpdateExpression: 'SET modulos = :m, totalLecciones = :n, completadasPorModulo = :zeros, estado = :g, updatedAt = :now REMOVE temarioToken, temarioHasta, progresoLecciones',
        ConditionExpression: 'estado = :r AND temarioToken = :t',
        ExpressionAttributeValues: {
          ':m': modulos, ':n': lessonItems.length, ':zeros': Object.fromEntries(modulos.map((m) => [m.moduleId, 0])),
          ':g': 'generando', ':now': at, ':r': 'revisando_temario', ':t': course.temarioToken,
        },
      });
      const job = writes.job(userId, course.jobId, { UpdateExpression: 'SET #t = :total, updatedAt = :now, gsi2pk = :p, gsi2sk = :now REMOVE revisandoTemario', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':total': jobTotal, ':now': at, ':p': runningJobIndex.partition(course.courseId) } });
      const lessons = [
        ...lessonItems.map((Item) => ({ Put: { TableName, Item } })),
        ...removed.map((k) => {
          const [moduleId, lessonId] = k.split('/');
          return { Delete: { TableName, Key: lessonKey(userId, courseId, moduleId, lessonId) } };
        }),
      ];
      // At most 1 + 48 puts/deletes (8 modules × 6 lessons share positional keys) + 1: under the 100-item limit.
      return writeIf(writes.send(confirmed, job, lessons), refused);
    },
  };
}
