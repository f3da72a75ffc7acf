import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProgressRequest } from '../contract';
import { clock } from '../shared/clock';
import type { CourseItem } from './course-items';
import { courseKey, lessonKey } from './course-keys';
import { cancelledBy, cancelledItem, conflicted } from '../shared/table-writes';

// POST /courses/{id}/progress: the lesson's progress and the course's counters in one transaction
// (course-store.ts setProgress). The lesson's condition is the state the counters' delta assumes,
// so they move by exactly that delta or nothing is written. No read first: the first try assumes
// the write changes whether the lesson counts as completed; when the condition says otherwise,
// DynamoDB hands back the lesson as it is (ReturnValuesOnConditionCheckFailure) and the second
// try uses that exact state. Writes of the same lesson rarely need a third.

/** Tries before giving up under a storm of writes to the same lesson or course. */
const ATTEMPTS = 12;
const COMPLETED = 'completado';

type Assumed = { kind: 'flips' } | { kind: 'exact'; previous: string | undefined };

export async function writeProgress(db: DynamoDBDocumentClient, TableName: string, userId: string, courseId: string, p: ProgressRequest): Promise<CourseItem | undefined> {
  let assumed: Assumed = { kind: 'flips' };
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: progressWrites(TableName, userId, courseId, p, assumed) }));
      break;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      if (cancelledBy(error, 0)) {
        // The lesson item exists from the moment the outline does; its key carries the owner.
        const lesson = cancelledItem(error, 0);
        if (!lesson) return undefined;
        assumed = { kind: 'exact', previous: progresoOf(lesson) };
      } else if (cancelledBy(error, 1)) {
        return undefined;
      } else if (conflicted(error)) {
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      } else {
        throw error;
      }
    }
  }
  const out = await db.send(
    new GetCommand({ TableName, Key: courseKey(userId, courseId), ConsistentRead: true, ProjectionExpression: 'courseId, completadas, completadasPorModulo, totalLecciones, modulos, ultimaLeccion' }),
  );
  return out.Item as CourseItem | undefined;
}

/** The document client leaves a cancellation's Item in DynamoDB's wire form ({ S: '…' }). */
const progresoOf = (item: Record<string, unknown>) => {
  const raw = item.progreso;
  return typeof raw === 'string' ? raw : (raw as { S?: string } | undefined)?.S;
};

function progressWrites(TableName: string, userId: string, courseId: string, p: ProgressRequest, assumed: Assumed) {
  const now = clock.now().toISOString();
  const completes = p.estado === COMPLETED;
  // 'flips': a completion of a lesson not yet completed, or a reopening of a completed one.
  const lessonCondition =
    assumed.kind === 'flips'
      ? completes ? 'attribute_exists(pk) AND (attribute_not_exists(progreso) OR progreso <> :c)' : 'progreso = :c'
      : assumed.previous === undefined ? 'attribute_exists(pk) AND attribute_not_exists(progreso)' : 'progreso = :old';
  const wasCompleted = assumed.kind === 'flips' ? !completes : assumed.previous === COMPLETED;
  const delta = (completes ? 1 : 0) - (wasCompleted ? 1 : 0);
  const values = { ':e': p.estado, ':now': now, ...(lessonCondition.includes(':c') && { ':c': COMPLETED }), ...(lessonCondition.includes(':old') && { ':old': assumed.kind === 'exact' && assumed.previous }) };
  return [
    {
      Update: {
        TableName,
        Key: lessonKey(userId, courseId, p.moduleId, p.lessonId),
        UpdateExpression: 'SET progreso = :e, progresoEn = :now',
        ConditionExpression: lessonCondition,
        ExpressionAttributeValues: values,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    {
      Update: {
        TableName,
        Key: courseKey(userId, courseId),
        // if_not_exists: a module the course does not have would otherwise fail the whole request as a
        // ValidationException (a path into a missing attribute) instead of the lesson's condition
        // failing, which answers 404; the transaction then writes nothing, this included.
        UpdateExpression: `SET ultimaLeccion = :last, updatedAt = :now${delta ? ', completadasPorModulo.#m = if_not_exists(completadasPorModulo.#m, :zero) + :d ADD completadas :d' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(delta !== 0 && { ExpressionAttributeNames: { '#m': p.moduleId } }),
        ExpressionAttributeValues: { ':last': { moduleId: p.moduleId, lessonId: p.lessonId }, ':now': now, ...(delta !== 0 && { ':d': delta, ':zero': 0 }) },
      },
    },
  ];
}
