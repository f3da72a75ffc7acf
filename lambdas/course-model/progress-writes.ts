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
// outline, and in what state?). Each write states an assumption about the lesson's old state in its
// condition, and moves the counters by exactly the delta that assumption implies.
//
// Once the lesson has an entry in the map, "it was completed" and "it was not" are complementary
// conditions: when one is refused the other is tried at once, without another read, so a storm of
// writes to one lesson (30 at once, test/integration/courses/progress-concurrency.test.ts) settles
// in a few round trips per writer; only a change of the lesson's state between two of a writer's
// tries refuses both. A plain read-then-compare-and-swap loop makes the last of N writers wait for
// the N-1 before it, and lost writes under load in CI. Writes of different lessons of one course
// never refuse each other: each condition names its own lesson.
// Courses from before the map keep their lessons' state on the lesson items until first written.

/** Writes tried before giving up; far above what a storm of writes to one lesson needs. */
const ATTEMPTS = 40;
const COMPLETED = 'completado';

/** What a write assumes the lesson's state was, proven by its condition. */
type Assumption =
  | { kind: 'noMap'; previous?: LessonProgress } // the course has no progress map yet
  | { kind: 'noEntry'; previous?: LessonProgress } // the map has no entry for the lesson yet
  | { kind: 'completed' }
  | { kind: 'notCompleted' };

export async function writeProgress(db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string, p: ProgressRequest): Promise<CourseItem | undefined> {
  let assumption: Assumption | undefined;
  let read = false; // whether `assumption` comes from a read (else it is the complement of a refused one)
  for (let attempt = 1; ; attempt++) {
    if (!assumption) {
      const course = await readCourse(db, TableName, userId, courseId);
      if (!course || !inOutline(course, p)) return undefined;
      assumption = await fromRead(db, TableName, userId, courseId, course, p);
      read = true;
    }
    try {
      const out = await db.send(new UpdateCommand({ TableName, Key: courseKey(userId, courseId), ...update(p, assumption), ReturnValues: 'ALL_NEW' }));
      return out.Attributes as CourseItem;
    } catch (error) {
      if (!conditionFailed(error) || attempt >= ATTEMPTS) throw error;
      assumption = read ? complement(assumption) : undefined;
      read = false;
      if (!assumption) await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

const readCourse = async (db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string) =>
  (await db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId), ConsistentRead: true }))).Item as CourseItem | undefined;

const inOutline = (course: CourseItem, p: ProgressRequest) =>
  course.modulos?.some((m) => m.moduleId === p.moduleId && m.lecciones.some((l) => l.lessonId === p.lessonId)) ?? false;

/** The assumption the course as read proves; a lesson without an entry may hold its state on its lesson item. */
async function fromRead(db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string, course: CourseItem, p: ProgressRequest): Promise<Assumption> {
  const entry = lessonProgress(course, p.moduleId, p.lessonId);
  if (entry !== undefined) return { kind: entry === COMPLETED ? 'completed' : 'notCompleted' };
  const previous = await legacyProgress(db, TableName, userId, courseId, p);
  return { kind: course.progresoLecciones === undefined ? 'noMap' : 'noEntry', previous };
}

/**
 * After the refusal of an assumption read from the table: its complement, tried without a read.
 * Undefined (read again) when the map or the entry appeared meanwhile (another writer created it),
 * and after a refused complement (the lesson changed state between this writer's two tries).
 */
function complement(refused: Assumption): Assumption | undefined {
  if (refused.kind === 'completed') return { kind: 'notCompleted' };
  if (refused.kind === 'notCompleted') return { kind: 'completed' };
  return undefined;
}

/** A course from before the map: the lesson item's own state (read once per lesson, then the map has it). */
async function legacyProgress(db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string, p: ProgressRequest) {
  const out = await db.send(new GetCommand({ TableName, Key: lessonKey(userId, courseId, p.moduleId, p.lessonId), ProjectionExpression: 'progreso', ConsistentRead: true }));
  return out.Item?.progreso as LessonProgress | undefined;
}

const CONDITIONS: Record<Assumption['kind'], string> = {
  // attribute_exists(pk) everywhere: an UpdateItem of a course deleted meanwhile must not create an item.
  noMap: 'attribute_exists(pk) AND attribute_not_exists(progresoLecciones)',
  noEntry: 'attribute_exists(progresoLecciones) AND attribute_not_exists(progresoLecciones.#k)',
  completed: 'progresoLecciones.#k = :c',
  notCompleted: 'attribute_exists(progresoLecciones.#k) AND progresoLecciones.#k <> :c',
};

function update(p: ProgressRequest, assumption: Assumption) {
  const previous = assumption.kind === 'completed' ? COMPLETED : assumption.kind === 'notCompleted' ? undefined : assumption.previous;
  const delta = (p.estado === COMPLETED ? 1 : 0) - (previous === COMPLETED ? 1 : 0);
  const hasMap = assumption.kind !== 'noMap';
  const key = progressKey(p.moduleId, p.lessonId);
  const condition = CONDITIONS[assumption.kind];
  const mapSet = hasMap ? 'progresoLecciones.#k = :e' : 'progresoLecciones = :map';
  const counters = delta ? ', completadasPorModulo.#m = if_not_exists(completadasPorModulo.#m, :zero) + :d ADD completadas :d' : '';
  return {
    UpdateExpression: `SET ${mapSet}, ultimaLeccion = :last, updatedAt = :now${counters}`,
    ConditionExpression: condition,
    ...((hasMap || delta !== 0) && { ExpressionAttributeNames: { ...(hasMap && { '#k': key }), ...(delta !== 0 && { '#m': p.moduleId }) } }),
    ExpressionAttributeValues: {
      ':last': { moduleId: p.moduleId, lessonId: p.lessonId },
      ':now': clock.now().toISOString(),
      ...(hasMap ? { ':e': p.estado } : { ':map': { [key]: p.estado } }),
      ...(condition.includes(':c') && { ':c': COMPLETED }),
      ...(delta !== 0 && { ':d': delta, ':zero': 0 }),
    },
  };
}
