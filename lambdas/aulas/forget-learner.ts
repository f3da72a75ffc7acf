import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoGradeErasure, gradedAulas } from '../lms-grades';
import { MEMBER_POINTER_PREFIX, TEACHER_POINTER_PREFIX } from './aula-items';
import { dynamoAulaStore } from './aula-store';

// Account deletion (lambdas/users/account-deletion.ts): what a learner left in aulas lives outside
// their partition, so it goes first, found from the pointers in their partition. As a member: their
// member item (name, copies) goes and the place is given back. As a teacher: each aula they teach is
// deleted with its code and its members' items and pointers (the members keep their copies), and an
// LMS course's aula with its grade items. In an LMS course's aula (issue 45): the learner's LMS `sub`
// and their scores, found from the pointers their launches wrote (and from their memberships).
// Idempotent, so a resumed deletion simply finds less.

export async function forgetLearner(db: DynamoDBDocumentClient, tableName: string, userId: string, items: { sk: string }[]): Promise<void> {
  const store = dynamoAulaStore(db, tableName);
  const grades = dynamoGradeErasure(db, tableName);
  const memberOf = items.filter((i) => i.sk.startsWith(MEMBER_POINTER_PREFIX)).map((i) => i.sk.slice(MEMBER_POINTER_PREFIX.length));
  await grades.forgetLearner(userId, [...gradedAulas(items), ...memberOf]);
  for (const aulaId of memberOf) await store.leave(aulaId, userId);
  for (const { sk } of items.filter((i) => i.sk.startsWith(TEACHER_POINTER_PREFIX))) {
    const { aula, members } = await store.group(sk.slice(TEACHER_POINTER_PREFIX.length));
    if (aula?.teacherId !== userId) continue;
    await grades.forgetAula(aula.aulaId);
    await store.remove(aula, userId, members);
  }
}
