import { randomUUID } from 'node:crypto';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoGenerationStore } from '../../../lambdas/course-model/generation-store';
import { executionArn } from '../../../lambdas/users/stop-executions';
import { call, signUp } from '../support/api';
import { useOwnStack } from '../support/own-stack';

// Issue 20, item 4: an account deleted in the middle of a course generation stays deleted. The
// model is slow (the local Bedrock answers each call after LATENCY_MS), so lessons are still being
// written when DELETE /users/me lands. The deletion stops the execution; a task already in flight
// finds its course gone and writes nothing; the old tokens act for nobody; and once everything has
// settled the learner's partition is empty.

const LATENCY_MS = 700;
useOwnStack({ pipeline: { latencyMs: LATENCY_MS } });

const env = () => JSON.parse(process.env.MENTORA_STACK_ENV ?? '{}') as Record<string, string>;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const local = () => ({ region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

const tableClient = () => DynamoDBDocumentClient.from(new DynamoDBClient({ ...local(), endpoint: env().AWS_ENDPOINT_URL_DYNAMODB }));

/** The sort keys of every item in the learner's partition, read straight from the stack's table. */
async function partition(userId: string) {
  const db = tableClient();
  const out = await db.send(
    new QueryCommand({ TableName: env().TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` }, ConsistentRead: true }),
  );
  db.destroy();
  return (out.Items ?? []).map((i) => String(i.sk));
}

async function executionStatus(jobId: string) {
  const sfn = new SFNClient({ ...local(), endpoint: env().AWS_ENDPOINT_URL_SFN });
  const out = await sfn.send(new DescribeExecutionCommand({ executionArn: executionArn(env().STATE_MACHINE_ARN, jobId) }));
  sfn.destroy();
  return out.status;
}

it('deleted in the middle of a course generation: the run stops, nothing comes back, old tokens get 401', async () => {
  const { email, user, tokens } = await signUp('Borrada');
  const plan = await call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic: 'Historia de Roma', level: 'principiante', modulos: 2, leccionesPorModulo: 3 } });
  expect(plan.status).toBe(200);
  const jobId = plan.body.jobId as string;
  // The outline is written and lessons are on their way.
  for (let job = plan; (job.body.data?.done ?? 0) < 2; await pause(100)) {
    job = await call('GET', `/jobs/${jobId}`, { token: tokens.accessToken });
    expect(job.body.data?.status).not.toBe('completado');
  }

  const deleted = await call('DELETE', '/users/me', { token: tokens.accessToken, body: { confirmacion: email } });
  expect(deleted).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
  expect(await executionStatus(jobId)).toBe('ABORTED');

  // Tasks already calling the slow model finish their call and try to write: give them time to.
  await pause(LATENCY_MS * 3);
  expect(await partition(user.id)).toEqual([]);

  const again = await Promise.all([
    call('GET', '/users/me', { token: tokens.accessToken }),
    call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic: 'Otra vez', level: 'principiante', modulos: 1, leccionesPorModulo: 1 } }),
    call('POST', '/auth/loginsocial', { body: { accessToken: tokens.accessToken, idToken: tokens.idToken } }),
    call('POST', '/auth/loginsocial', { body: { token: tokens.accessToken } }),
    call('POST', '/auth/refresh', { body: { refreshToken: tokens.refreshToken } }),
    call('GET', '/users/me/export', { token: tokens.accessToken }),
  ]);
  expect(again.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401]);
  for (const a of again) expect(a.body).toEqual({ success: false, message: expect.stringMatching(/sesión|inicio de sesión/) });
  expect(await partition(user.id)).toEqual([]);
});

it('a pipeline task that lands after the deletion writes nothing: every generation write needs the course item', async () => {
  // Whatever the timing of the run above, each write a task can make is tried on a deleted course.
  const { email, user, tokens } = await signUp('Tarde');
  // The ids of a course and job that were being generated: deleted with the partition.
  const [courseId, jobId] = [randomUUID(), randomUUID()];
  expect((await call('DELETE', '/users/me', { token: tokens.accessToken, body: { confirmacion: email } })).status).toBe(200);
  expect(await partition(user.id)).toEqual([]);

  const db = tableClient();
  const gen = dynamoGenerationStore(db, env().TABLE_NAME);
  const spend = { usage: { inputTokens: 10, outputTokens: 10 }, modelId: 'm', promptVersion: 'v1', purpose: 'lesson', demo: true };
  const modulos = [{ moduleId: 'm01', titulo: 'Módulo', lecciones: [{ lessonId: 'l01', titulo: 'Lección', resumen: 'Resumen' }] }];
  const settle = (p: Promise<unknown>) => p.then(() => 'escrito', () => 'rechazado');
  const outcomes = [
    await settle(gen.saveOutline(user.id, courseId, { titulo: 'T', descripcion: 'D', objetivos: ['O'], modulos } as never, spend)),
    await gen.saveLesson(user.id, courseId, 'm01', 'l01', '# Lección'),
    await settle(gen.failLesson(user.id, courseId, 'm01', 'l01', 'falló')),
    await settle(gen.saveEvaluation(user.id, courseId, { moduleId: 'm01', estado: 'lista', version: 1, preguntas: [] } as never)),
    await settle(gen.spend(user.id, courseId, spend)),
    await settle(gen.updateJob(user.id, jobId, { done: 1 })),
    await gen.finishCourse(user.id, courseId, 'listo'),
  ];
  db.destroy();
  expect(outcomes).toEqual(['rechazado', undefined, 'escrito', 'rechazado', 'rechazado', 'escrito', false]);
  expect(await partition(user.id)).toEqual([]);
});
