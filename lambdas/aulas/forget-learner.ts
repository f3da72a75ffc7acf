import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MEMBER_POINTER_PREFIX, TEACHER_POINTER_PREFIX } from './aula-items';
import { dynamoAulaStore } from './aula-store';

// Account deletion (lambdas/users/account-deletion.ts): what a learner left in aulas lives outside
// their partition, so it goes first, found from the pointers in their partition. As a member: their
// member item (name, copies) goes and the place is given back. As a teacher: each aula they teach is
// deleted with its code and its members' items and pointers (the members keep their copies).
// Idempotent, so a resumed deletion simply finds less.

export async function forgetLearner(db: DynamoDBDocumentClient, tableName: string, userId: string, items: { sk: string }[]): Promise<void> {
  const store = dynamoAulaStore(db, tableName);
  for (const { sk } of items.filter((i) => i.sk.startsWith(MEMBER_POINTER_PREFIX))) await store.leave(sk.slice(MEMBER_POINTER_PREFIX.length), userId);
  for (const { sk } of items.filter((i) => i.sk.startsWith(TEACHER_POINTER_PREFIX))) {
    const { aula, members } = await store.group(sk.slice(TEACHER_POINTER_PREFIX.length));
    if (aula?.teacherId === userId) await store.remove(aula, userId, members);
  }
}
