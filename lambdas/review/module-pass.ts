import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type EvaluationItem, evaluationKey } from '../course-model';

// Whether the learner passed a module's evaluation: an evaluation card keeps its key secret until
// then (issue 20, docs/review.md). One GetItem of the learner's own evaluation item.

export type ModulePassed = (userId: string, courseId: string, moduleId: string) => Promise<boolean>;

export const passedIn = (e: Pick<EvaluationItem, 'intentos'> & { aprobadaEn?: string } | undefined) => Boolean(e?.aprobadaEn || e?.intentos?.some((i) => i.aprobado));

export const dynamoModulePassed = (db: DynamoDBDocumentClient, TableName: string): ModulePassed => async (userId, courseId, moduleId) => {
  const out = await db.send(new GetCommand({ TableName, Key: evaluationKey(userId, courseId, moduleId), ProjectionExpression: 'aprobadaEn, intentos', ConsistentRead: true }));
  return passedIn(out.Item as Pick<EvaluationItem, 'intentos'> | undefined);
};
