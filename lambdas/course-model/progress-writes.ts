import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LessonProgress, ProgressRequest } from '../contract';
import { clock } from '../shared/clock';
import { conditionFailed } from '../shared/table-writes';
import type { CourseItem } from './course-items';
import { courseKey, lessonKey } from './course-keys';
import { lessonProgress, progressKey } from './lesson-progress';

// POST /courses/{id}/progress (course-store.ts setProgress), sized for its traffic (issue 23): one
// UpdateItem of the course item (its `progresoLecciones` map, last lesson and counters), never the
// lesson item, which holds the lesson's content and would be billed whole for every click; no
// transaction, which would bill each item twice. The course is read first (is the lesson in its
// outline, and in what state?); the update's condition is that state, so the counters move by
// exactly the delta it implies or the write is tried again from a fresh read. Writes of different
// lessons of one course never refuse each other: each condition names its own lesson.
// Courses from before the map keep their lessons' state on the lesson items until first written.

/** Tries before giving up under a storm of writes to the same lesson. */
const ATTEMPTS = 12;
const COMPLETED = 'completado';

export async function writeProgress(db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string, p: ProgressRequest): Promise<CourseItem | undefined> {
  for (let attempt = 1; ; attempt++) {
    const read = await db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId), ConsistentRead: true }));
    const course = read.Item as CourseItem | undefined;
    const inOutline = course?.modulos?.some((m) => m.moduleId === p.moduleId && m.lecciones.some((l) => l.lessonId === p.lessonId));
    if (!course || !inOutline) return undefined;
    const previous = lessonProgress(course, p.moduleId, p.lessonId) ?? (await legacyProgress(db, TableName, userId, courseId, p));
    try {
      const out = await db.send(new UpdateCommand({ TableName, Key: courseKey(userId, courseId), ...update(course, p, previous), ReturnValues: 'ALL_NEW' }));
      return out.Attributes as CourseItem;
    } catch (error) {
      if (!conditionFailed(error) || attempt >= ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/** A course from before the map: the lesson item's own state (read once per lesson, then the map has it). */
async function legacyProgress(db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string, p: ProgressRequest) {
  const out = await db.send(new GetCommand({ TableName, Key: lessonKey(userId, courseId, p.moduleId, p.lessonId), ProjectionExpression: 'progreso', ConsistentRead: true }));
  return out.Item?.progreso as LessonProgress | undefined;
}

function update(course: CourseItem, p: ProgressRequest, previous: LessonProgress | undefined) {
  const now = clock.now().toISOString();
  const delta = (p.estado === COMPLETED ? 1 : 0) - (previous === COMPLETED ? 1 : 0);
  const hasMap = course.progresoLecciones !== undefined;
  const key = progressKey(p.moduleId, p.lessonId);
  // The state this write's delta assumes, as read: the map's entry, or no map at all (created now).
  const mapSet = hasMap ? 'progresoLecciones.#k = :e' : 'progresoLecciones = :map';
  const condition = !hasMap
    ? 'attribute_exists(pk) AND attribute_not_exists(progresoLecciones)'
    : course.progresoLecciones?.[key] === undefined
      ? 'attribute_not_exists(progresoLecciones.#k)'
      : 'progresoLecciones.#k = :old';
  const counters = delta ? ', completadasPorModulo.#m = if_not_exists(completadasPorModulo.#m, :zero) + :d ADD completadas :d' : '';
  return {
    UpdateExpression: `SET ${mapSet}, ultimaLeccion = :last, updatedAt = :now${counters}`,
    ConditionExpression: condition,
    ...((hasMap || delta !== 0) && { ExpressionAttributeNames: { ...(hasMap && { '#k': key }), ...(delta !== 0 && { '#m': p.moduleId }) } }),
    ExpressionAttributeValues: {
      ':last': { moduleId: p.moduleId, lessonId: p.lessonId },
      ':now': now,
      ...(hasMap ? { ':e': p.estado } : { ':map': { [key]: p.estado } }),
      ...(condition.includes(':old') && { ':old': course.progresoLecciones?.[key] }),
      ...(delta !== 0 && { ':d': delta, ':zero': 0 }),
    },
  };
}
