import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { courseCopyWrites, evaluationKey, type CourseStore, type EvaluationItem } from '../course-model';
import { logger } from '../shared/logger';
import type { AulaItem, MemberItem } from './aula-items';
import type { AulaStore } from './aula-store';

// A member studies their own copy of each assigned course (docs/aulas.md "Copies"): the teacher's
// outline and lessons through the course model's copy (the one sharing uses), plus the module
// evaluations' question banks, so every member of the aula answers the same questions and the
// teacher's view can say which ones the group misses. No model call, no allowance counted. The copy
// is the member's: its own progress, attempts and certificate, and it stays theirs after leaving.

export interface CopyDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  store: AulaStore;
  courses: Pick<CourseStore, 'items'>;
  now: () => Date;
}

/** The bank as the copy starts it: no variant drawn, no attempts, withdrawn questions left out. */
const copiedEvaluation = (e: EvaluationItem, courseId: string): EvaluationItem => ({
  courseId, moduleId: e.moduleId, estado: 'lista', version: e.version, preguntas: e.preguntas.filter((q) => !q.retirada),
});

/** Writes one copy (course, lessons, banks) in one transaction: whole or absent. False when the source is gone or not listo. */
async function writeCopy(deps: CopyDeps, teacherId: string, sourceId: string, memberId: string, copyId: string): Promise<boolean> {
  const items = await deps.courses.items(teacherId, sourceId);
  if (!items || items.course.estado !== 'listo') return false;
  const writes = courseCopyWrites(deps.db, deps.tableName, items, { userId: memberId, courseId: copyId, now: deps.now().toISOString() });
  const banks = items.evaluations.filter((e) => e.estado === 'lista' && e.preguntas?.length).map((e) => ({
    Put: { TableName: deps.tableName, Item: { ...copiedEvaluation(e, copyId), ...evaluationKey(memberId, copyId, e.moduleId) }, ConditionExpression: 'attribute_not_exists(pk)' },
  }));
  await deps.db.send(new TransactWriteCommand({ TransactItems: [...writes, ...banks] }));
  return true;
}

/**
 * Copies every assigned course the member has no copy of yet and answers the member's copies. Each
 * copy is claimed on the member item first, so two requests at once never make two copies; a copy
 * that could not be written gives its claim back and is tried again on the next call.
 */
export async function copyAssigned(deps: CopyDeps, aula: AulaItem, member: MemberItem): Promise<Record<string, string>> {
  const copias = { ...member.copias };
  for (const course of aula.cursos) {
    if (copias[course.courseId]) continue;
    const copyId = randomUUID();
    if (!(await deps.store.reserveCopy(aula.aulaId, member.userId, course.courseId, copyId))) continue;
    try {
      if (await writeCopy(deps, aula.teacherId, course.courseId, member.userId, copyId)) copias[course.courseId] = copyId;
      else await deps.store.releaseCopy(aula.aulaId, member.userId, course.courseId, copyId);
    } catch (error) {
      logger.error('aula course copy failed', { error: error as Error, aulaId: aula.aulaId, courseId: course.courseId });
      await deps.store.releaseCopy(aula.aulaId, member.userId, course.courseId, copyId).catch(() => undefined);
    }
  }
  return copias;
}
