import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EvaluationItem, EvaluationVariant } from '../courses/course-items';
import { evaluationKey } from '../courses/course-keys';

type Attempt = NonNullable<EvaluationItem['intentos']>[number];

/** Attempts are kept on the evaluation item itself, bounded so the item stays far below 400 KB. */
export const MAX_ATTEMPTS = 200;

export interface EvaluationStore {
  get(userId: string, courseId: string, moduleId: string): Promise<EvaluationItem | undefined>;
  /** Puts a first variant in place unless another request already did; answers whether it won. */
  setVariant(userId: string, courseId: string, moduleId: string, variant: EvaluationVariant, replacing?: string): Promise<boolean>;
  /**
   * Appends an attempt at variant `attempt.version` and puts the next variant in place, in one
   * conditional write: of two submissions of the same variant, only one is counted. Answers the
   * attempt's number, or undefined when the variant is no longer current.
   */
  addAttempt(userId: string, courseId: string, moduleId: string, attempt: Attempt, next: EvaluationVariant): Promise<number | undefined>;
}

const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export function dynamoEvaluationStore(db: DynamoDBDocumentClient, TableName: string): EvaluationStore {
  return {
    async get(userId, courseId, moduleId) {
      const out = await db.send(new GetCommand({ TableName, Key: evaluationKey(userId, courseId, moduleId) }));
      return out.Item as EvaluationItem | undefined;
    },
    async setVariant(userId, courseId, moduleId, variant, replacing) {
      try {
        await db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, courseId, moduleId),
            UpdateExpression: 'SET variante = :v',
            ConditionExpression: `version = :bank AND ${replacing ? 'variante.#id = :old' : 'attribute_not_exists(variante)'}`,
            ...(replacing && { ExpressionAttributeNames: { '#id': 'id' } }),
            ExpressionAttributeValues: { ':v': variant, ':bank': variant.bankVersion, ...(replacing && { ':old': replacing }) },
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },
    async addAttempt(userId, courseId, moduleId, attempt, next) {
      try {
        const out = await db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, courseId, moduleId),
            UpdateExpression: 'SET intentos = list_append(if_not_exists(intentos, :empty), :a), variante = :next',
            ExpressionAttributeNames: { '#id': 'id' },
            ConditionExpression: 'variante.#id = :v AND version = :bank AND (attribute_not_exists(intentos) OR size(intentos) < :max)',
            ExpressionAttributeValues: { ':empty': [], ':a': [attempt], ':v': attempt.version, ':next': next, ':bank': next.bankVersion, ':max': MAX_ATTEMPTS },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return (out.Attributes?.intentos as unknown[]).length;
      } catch (error) {
        if (conditionFailed(error)) return undefined;
        throw error;
      }
    },
  };
}
