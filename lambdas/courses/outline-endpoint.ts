import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { outlineEdit } from '../contract';
import { endpoint, ok } from '../shared/http';
import { courseIdParam, type CourseStore, dynamoOutlineReviewStore } from '../course-model';
import { confirmOutline } from './outline-review';
import { stepFunctionsCallback } from './task-callback';

/** PUT /courses/{id}/outline (issue 15): the courses Lambda's one line is `outlineEndpoint(...)`. */
export const outlineEndpoint = (db: DynamoDBDocumentClient, tableName: string, store: CourseStore) => {
  const deps = { store, review: dynamoOutlineReviewStore(db, tableName), callback: stepFunctionsCallback() };
  return endpoint({
    body: outlineEdit,
    handle: async ({ userId, params, body }) => ok({ data: await confirmOutline(deps, userId, courseIdParam(params.id), body), message: 'Temario confirmado: escribimos tus lecciones' }),
  });
};
