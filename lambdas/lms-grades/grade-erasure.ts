import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deleteKeys } from '../shared/table-deletes';
import { queryAll } from '../shared/table-query';
import { LEARNER_POINTER_PREFIX, learnerPointerKey, LINK_PREFIX, SCORE_PREFIX, SUB_PREFIX } from './grade-items';
import { rosterKey, sourceKey } from './roster-items';

// What an LMS course's aula keeps of grades goes with the aula, and what it keeps of a learner goes with their
// account (issue 45, docs/lti.md "Data model"). Found by keys, never a Scan: the aula's partition by prefix, and a
// learner's aulas by the pointers their launches wrote in their own partition (LMSAULA#<aulaId>). Every step is a
// delete of what is still there, the item that leads to the others last, so a deletion that stops halfway is
// finished by running it again.

type Key = { pk: string; sk: string };
const aulaPk = (aulaId: string) => `AULA#${aulaId}`;

const keysUnder = (db: DynamoDBDocumentClient, TableName: string, pk: string, prefix: string) =>
  queryAll<Key & { userId?: string }>(db, {
    TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ProjectionExpression: 'pk, sk, userId',
    ExpressionAttributeValues: { ':pk': pk, ':p': prefix }, ConsistentRead: true,
  });

export function dynamoGradeErasure(db: DynamoDBDocumentClient, TableName: string) {
  return {
    /**
     * A deleted aula's links, scores, roster (where the platform serves it and the members last imported) and
     * learners' `sub`s (each with the learner's pointer to it). The `sub` items go last: until then they name the
     * pointers a rerun still has to delete.
     */
    async forgetAula(aulaId: string) {
      const pk = aulaPk(aulaId);
      const [links, scores, subs] = await Promise.all([LINK_PREFIX, SCORE_PREFIX, SUB_PREFIX].map((p) => keysUnder(db, TableName, pk, p)));
      await deleteKeys(db, TableName, [...scores, ...links].map(({ pk: p, sk }) => ({ pk: p, sk })));
      await deleteKeys(db, TableName, [sourceKey(aulaId), rosterKey(aulaId)]);
      await deleteKeys(db, TableName, subs.flatMap((s) => (s.userId ? [learnerPointerKey(s.userId, aulaId)] : [])));
      await deleteKeys(db, TableName, subs.map(({ pk: p, sk }) => ({ pk: p, sk })));
    },
    /**
     * A deleted account's scores and `sub` in each aula named (its LMSAULA# pointers, and the aulas it was a member
     * of); the pointers themselves go with the account's partition, after this.
     */
    async forgetLearner(userId: string, aulaIds: string[]) {
      for (const aulaId of new Set(aulaIds)) {
        const pk = aulaPk(aulaId);
        const scores = await keysUnder(db, TableName, pk, `${SCORE_PREFIX}${userId}#`);
        await deleteKeys(db, TableName, [...scores.map(({ pk: p, sk }) => ({ pk: p, sk })), { pk, sk: `${SUB_PREFIX}${userId}` }]);
      }
    },
  };
}
export type GradeErasure = ReturnType<typeof dynamoGradeErasure>;

/** The LMS courses' aulas a learner's partition points to (from the items account deletion read). */
export const gradedAulas = (items: { sk: string }[]) =>
  items.filter((i) => i.sk.startsWith(LEARNER_POINTER_PREFIX)).map((i) => i.sk.slice(LEARNER_POINTER_PREFIX.length));
