import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type EvaluationItem, evaluationSk, lessonKey } from '../course-model';
import { userPk } from '../shared/table';
import { countryName } from '../contract';
import { queryAll } from '../shared/table-query';
import { answerIf } from '../shared/table-writes';
import { dynamoConversations } from './conversation-store';
import type { Conversation } from './history';

// The tutor's items, all in the learner's partition (USER#<sub>):
//   TUTOR#<courseId>          the conversation for one course: a head and one item per turn
//                             (bounded, see history.ts; conversation-store.ts)
//   TUTORQUOTA#<yyyy-mm-dd>   messages sent that UTC day (conditional counter)
// Course items are read with the courses keys; nothing here can address another learner.

export interface TutorStore {
  conversation(userId: string, courseId: string): Promise<Conversation>;
  /** Writes the conversation if nobody else did since `expectedVersion`; answers false otherwise. */
  saveConversation(userId: string, courseId: string, conv: Conversation, expectedVersion: number): Promise<boolean>;
  clearConversation(userId: string, courseId: string): Promise<void>;
  /** Ready evaluations of a course, with their answer key (server only). */
  evaluations(userId: string, courseId: string): Promise<EvaluationItem[]>;
  lessonContent(userId: string, courseId: string, moduleId: string, lessonId: string): Promise<string | undefined>;
  /** Counts one message if the day's count is below `limit`; answers the new count, or undefined when full. */
  consumeMessage(userId: string, day: string, limit: number): Promise<number | undefined>;
  refundMessage(userId: string, day: string): Promise<void>;
  messagesUsed(userId: string, day: string): Promise<number>;
  plan(userId: string): Promise<'gratuito' | 'premium'>;
  /** Issue 33: the profile's country (its name) and form of address, which the tutor follows; tú and no country when absent. */
  locale?(userId: string): Promise<{ pais?: string; tratamiento?: string }>;
}

const quotaKey = (userId: string, day: string) => ({ pk: userPk(userId), sk: `TUTORQUOTA#${day}` });
export function dynamoTutorStore(db: DynamoDBDocumentClient, TableName: string): TutorStore {
  return {
    ...dynamoConversations(db, TableName),

    evaluations(userId, courseId) {
      // Every page: a course's question banks together can pass a Query's 1 MB.
      return queryAll<EvaluationItem>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': evaluationSk(courseId, '') },
      });
    },

    async lessonContent(userId, courseId, moduleId, lessonId) {
      const out = await db.send(new GetCommand({ TableName, Key: lessonKey(userId, courseId, moduleId, lessonId), ProjectionExpression: 'contenido' }));
      return out.Item?.contenido as string | undefined;
    },

    async consumeMessage(userId, day, limit) {
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: quotaKey(userId, day),
            UpdateExpression: 'ADD usados :one',
            ConditionExpression: 'attribute_not_exists(usados) OR usados < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      );
      return out && Number(out.Attributes?.usados ?? 1);
    },

    async refundMessage(userId, day) {
      await db.send(new UpdateCommand({ TableName, Key: quotaKey(userId, day), UpdateExpression: 'ADD usados :minus', ExpressionAttributeValues: { ':minus': -1 } }));
    },

    async messagesUsed(userId, day) {
      const out = await db.send(new GetCommand({ TableName, Key: quotaKey(userId, day) }));
      return Number(out.Item?.usados ?? 0);
    },

    async plan(userId) {
      const out = await db.send(new GetCommand({ TableName, Key: { pk: userPk(userId), sk: 'PROFILE' }, ProjectionExpression: '#p', ExpressionAttributeNames: { '#p': 'plan' } }));
      return (out.Item?.plan as { nombre?: string } | undefined)?.nombre === 'premium' ? 'premium' : 'gratuito';
    },

    async locale(userId) {
      const out = await db.send(new GetCommand({ TableName, Key: { pk: userPk(userId), sk: 'PROFILE' }, ProjectionExpression: 'pais, tratamiento' }));
      const pais = countryName(out.Item?.pais as string | undefined);
      return { tratamiento: (out.Item?.tratamiento as string | undefined) ?? 'tu', ...(pais && { pais }) };
    },
  };
}
