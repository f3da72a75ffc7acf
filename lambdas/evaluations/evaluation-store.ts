import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EvaluationItem } from '../courses/course-items';
import { evaluationKey } from '../courses/course-keys';

type Attempt = NonNullable<EvaluationItem['intentos']>[number];

/** Attempts are kept on the evaluation item itself, bounded so the item stays far below 400 KB. */
export const MAX_ATTEMPTS = 200;

export interface EvaluationStore {
  get(userId: string, courseId: string, moduleId: string): Promise<EvaluationItem | undefined>;
  /** Appends an attempt if the learner answered the current set; answers its number, or undefined. */
  addAttempt(userId: string, courseId: string, moduleId: string, attempt: Attempt): Promise<number | undefined>;
}

export function dynamoEvaluationStore(db: DynamoDBDocumentClient, TableName: string): EvaluationStore {
  return {
    async get(userId, courseId, moduleId) {
      const out = await db.send(new GetCommand({ TableName, Key: evaluationKey(userId, courseId, moduleId) }));
      return out.Item as EvaluationItem | undefined;
    },
    async addAttempt(userId, courseId, moduleId, attempt) {
      try {
        // One atomic append: concurrent submissions each get their own attempt, none is lost.
        const out = await db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, courseId, moduleId),
            UpdateExpression: 'SET intentos = list_append(if_not_exists(intentos, :empty), :a)',
            ConditionExpression: 'version = :v AND (attribute_not_exists(intentos) OR size(intentos) < :max)',
            ExpressionAttributeValues: { ':empty': [], ':a': [attempt], ':v': attempt.version, ':max': MAX_ATTEMPTS },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return (out.Attributes?.intentos as unknown[]).length;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
        throw error;
      }
    },
  };
}
