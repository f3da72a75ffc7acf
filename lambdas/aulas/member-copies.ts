import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { authorSource } from '../contract';
import { citedMaterialIds, courseCopyWrites, evaluationKey, type CourseStore, type EvaluationItem } from '../course-model';
import { logger } from '../shared/logger';
import { cancelledByCondition } from '../shared/table-writes';
import { copyPointerKey, type AulaItem, type MemberItem } from './aula-items';
import type { AulaStore } from './aula-store';

// A member studies their own copy of each assigned course (docs/aulas.md "Copies"): the teacher's
// outline and lessons through the course model's copy (the one sharing uses), plus the module
// evaluations' question banks, so the teacher's view can say which questions the group misses. No
// model call, no allowance counted. The copy is the member's: its own progress, attempts and
// certificate, and it stays theirs after leaving. One copy per learner and teacher course (issue 31):
// a re-join gives the same copy back, and at most COPIES_PER_SOURCE are ever made (a deleted copy
// may be made again, a few times), so leaving and joining never resets attempts or questions.

/** Copies of one teacher course a learner may ever get (one, and two more after deleting theirs). */
export const COPIES_PER_SOURCE = 3;

export interface CopyDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  store: AulaStore;
  courses: Pick<CourseStore, 'items' | 'get'>;
  /** The author's materials that still exist, of those named (issue 31: a deleted one leaves no quote in a later copy). */
  liveMaterials: (userId: string, materialIds: string[]) => Promise<Set<string>>;
  now: () => Date;
}

/**
 * The bank as the copy starts it: no variant drawn, no attempts, withdrawn questions left out, a
 * grounded question's quote without the material's id or title (or without the quote, the material
 * deleted), and `origen`: the source whose questions are each shown to one account at most.
 */
function copiedEvaluation(e: EvaluationItem, courseId: string, teacherId: string, live: ReadonlySet<string>): EvaluationItem {
  const preguntas = e.preguntas.filter((q) => !q.retirada).map(({ material, ...q }) => ({
    ...q,
    ...(material && (!material.materialId || live.has(material.materialId)) && { material: authorSource(material) }),
  }));
  const root = e.origen ?? { userId: teacherId, courseId: e.courseId, moduleId: e.moduleId };
  return {
    courseId, moduleId: e.moduleId, estado: 'lista', version: e.version, preguntas,
    origen: { userId: root.userId, courseId: root.courseId, moduleId: root.moduleId, preguntas: preguntas.map((q) => q.preguntaId) },
  };
}

/**
 * Writes one copy (course, lessons, banks) and counts it on the learner's pointer, in one
 * transaction: whole or absent. False when the source is gone or not listo, or when another copy
 * was counted meanwhile (`made` is the count read before).
 */
async function writeCopy(deps: CopyDeps, aula: AulaItem, sourceId: string, memberId: string, copyId: string, made: number): Promise<boolean> {
  const items = await deps.courses.items(aula.teacherId, sourceId);
  if (!items || items.course.estado !== 'listo') return false;
  const live = await deps.liveMaterials(aula.teacherId, citedMaterialIds(items));
  const now = deps.now().toISOString();
  const writes = courseCopyWrites(deps.db, deps.tableName, items, { userId: memberId, courseId: copyId, now, aulaId: aula.aulaId, liveMaterials: live });
  const banks = items.evaluations.filter((e) => e.estado === 'lista' && e.preguntas?.length).map((e) => ({
    Put: { TableName: deps.tableName, Item: { ...copiedEvaluation(e, copyId, aula.teacherId, live), ...evaluationKey(memberId, copyId, e.moduleId) }, ConditionExpression: 'attribute_not_exists(pk)' },
  }));
  const counted = {
    Update: {
      TableName: deps.tableName, Key: copyPointerKey(memberId, sourceId), UpdateExpression: 'SET copyId = :id, aulaId = :aula, en = :now ADD copias :one',
      ConditionExpression: made ? 'copias = :made' : 'attribute_not_exists(copias)',
      ExpressionAttributeValues: { ':id': copyId, ':aula': aula.aulaId, ':now': now, ':one': 1, ...(made && { ':made': made }) },
    },
  };
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: [counted, ...writes, ...banks] }));
    return true;
  } catch (error) {
    if (cancelledByCondition(error)) return false;
    throw error;
  }
}

/** The learner's copy of one assigned course: the one they already have, else a new one while the bound allows. */
async function copyOne(deps: CopyDeps, aula: AulaItem, memberId: string, sourceId: string): Promise<string | undefined> {
  const earlier = await deps.store.copyPointer(memberId, sourceId);
  if (earlier?.copyId && (await deps.courses.get(memberId, earlier.copyId))) {
    return (await deps.store.reserveCopy(aula.aulaId, memberId, sourceId, earlier.copyId)) ? earlier.copyId : undefined;
  }
  if ((earlier?.copias ?? 0) >= COPIES_PER_SOURCE) {
    logger.warn('aula copy refused: copies of this course used up', { aulaId: aula.aulaId, courseId: sourceId });
    return undefined;
  }
  const copyId = randomUUID();
  if (!(await deps.store.reserveCopy(aula.aulaId, memberId, sourceId, copyId))) return undefined;
  try {
    if (await writeCopy(deps, aula, sourceId, memberId, copyId, earlier?.copias ?? 0)) return copyId;
    await deps.store.releaseCopy(aula.aulaId, memberId, sourceId, copyId);
  } catch (error) {
    logger.error('aula course copy failed', { error: error as Error, aulaId: aula.aulaId, courseId: sourceId });
    await deps.store.releaseCopy(aula.aulaId, memberId, sourceId, copyId).catch(() => undefined);
  }
  return undefined;
}

/**
 * Gives the member a copy of every assigned course they have none of in this aula and answers the
 * member's copies. Each copy is claimed on the member item first, so two requests at once never make
 * two copies; a copy that could not be written gives its claim back and is tried again on the next call.
 */
export async function copyAssigned(deps: CopyDeps, aula: AulaItem, member: MemberItem): Promise<Record<string, string>> {
  const copias = { ...member.copias };
  for (const course of aula.cursos) {
    if (copias[course.courseId]) continue;
    const copyId = await copyOne(deps, aula, member.userId, course.courseId);
    if (copyId) copias[course.courseId] = copyId;
  }
  return copias;
}
