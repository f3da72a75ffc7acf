import { TransactGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProgressRequest } from '../contract';
import { clock } from '../shared/clock';
import type { CourseItem } from './course-items';
import { courseKey, lessonKey } from './course-keys';

// POST /courses/{id}/progress as one transaction: the lesson's progress and the course's counters
// (course-store.ts setProgress). Read both, then write both with the lesson's state as read for
// condition, so the counters move by exactly the delta that state proves, or nothing is written.

/** Tries of a progress write that met a concurrent write of the same lesson or course. */
export const PROGRESS_ATTEMPTS = 8;

export async function readLessonAndCourse(db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string, p: ProgressRequest) {
  const out = await db.send(
    new TransactGetCommand({
      TransactItems: [
        { Get: { TableName, Key: lessonKey(userId, courseId, p.moduleId, p.lessonId), ProjectionExpression: 'progreso' } },
        { Get: { TableName, Key: courseKey(userId, courseId) } },
      ],
    }),
  );
  const [lesson, course] = (out.Responses ?? []).map((r) => r.Item);
  // The lesson item exists from the moment the outline does; its key carries the owner.
  if (!lesson || !course) return undefined;
  return { previous: lesson.progreso as string | undefined, course: course as CourseItem };
}

const completes = (estado: string | undefined) => (estado === 'completado' ? 1 : 0);

export function progressWrites(TableName: string, userId: string, courseId: string, p: ProgressRequest, previous: string | undefined) {
  const now = clock.now().toISOString();
  const delta = completes(p.estado) - completes(previous);
  return [
    {
      Update: {
        TableName,
        Key: lessonKey(userId, courseId, p.moduleId, p.lessonId),
        UpdateExpression: 'SET progreso = :e, progresoEn = :now',
        ConditionExpression: previous === undefined ? 'attribute_exists(pk) AND attribute_not_exists(progreso)' : 'progreso = :old',
        ExpressionAttributeValues: { ':e': p.estado, ':now': now, ...(previous !== undefined && { ':old': previous }) },
      },
    },
    {
      Update: {
        TableName,
        Key: courseKey(userId, courseId),
        UpdateExpression: 'SET ultimaLeccion = :last, updatedAt = :now, completadasPorModulo.#m = completadasPorModulo.#m + :d ADD completadas :d',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#m': p.moduleId },
        ExpressionAttributeValues: { ':last': { moduleId: p.moduleId, lessonId: p.lessonId }, ':now': now, ':d': delta },
      },
    },
  ];
}

/** The course's counters after this write, from the state read before it. */
export function countersAfter(course: CourseItem, p: ProgressRequest, previous: string | undefined): Partial<CourseItem> {
  const delta = completes(p.estado) - completes(previous);
  const perModule = { ...(course.completadasPorModulo ?? {}) };
  perModule[p.moduleId] = (perModule[p.moduleId] ?? 0) + delta;
  return { completadas: (course.completadas ?? 0) + delta, completadasPorModulo: perModule, ultimaLeccion: { moduleId: p.moduleId, lessonId: p.lessonId } };
}
