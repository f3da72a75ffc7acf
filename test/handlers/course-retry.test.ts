import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { courseKey } from '../../lambdas/course-model/course-keys';
import { RETRIES_PER_COURSE } from '../../lambdas/plans/plans';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { failedCourse, learner } from '../support/learners';

// Issue 20: POST /courses/{id}/retry is model work, bounded per course and per day (plans.ts);
// the plan summary shows the retries left today.

it('refuses a course already retried as often as allowed: 429 in Spanish, the course stays failed and nothing is counted', async () => {
  const { userId } = await learner();
  const { courseId } = await failedCourse(userId);
  await documentClient().send(
    new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: courseKey(userId, courseId), UpdateExpression: 'SET reintentos = :n', ExpressionAttributeValues: { ':n': RETRIES_PER_COURSE } }),
  );
  const res = await invoke('POST /courses/{id}/retry', { userId, params: { id: courseId } });
  expect(res).toMatchObject({ status: 429, body: { success: false, message: expect.stringMatching(/^Este curso ya se ha reintentado 3 veces, el máximo\./) } });
  expect((await invoke('GET /courses/{id}', { userId, params: { id: courseId } })).body.data.estado).toBe('error');
  expect((await invoke('GET /payments/plan', { userId })).body.data.uso.porDia.reintentos).toMatchObject({ usados: 0, limite: 3 });
}, 60_000);

it('counts a retry against the day in the plan summary', async () => {
  const { userId } = await learner();
  const { courseId } = await failedCourse(userId);
  expect((await invoke('POST /courses/{id}/retry', { userId, params: { id: courseId } })).status).toBe(200);
  expect((await invoke('GET /payments/plan', { userId })).body.data.uso.porDia.reintentos).toMatchObject({ usados: 1, limite: 3 });
}, 60_000);
