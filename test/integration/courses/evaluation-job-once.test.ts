import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';
import { call, signUp } from '../support/api';
import { finishedJob } from '../support/model-jobs';
import { generateCourse } from './support/courses';

// Every model call is paid for once: ten concurrent POST /evaluacion/generate for a module whose
// bank does not exist start exactly one job (startModelJob's lock), and all ten follow it.

const jobsOf = async (userId: string) => {
  const { db, name } = table();
  const out = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'JOB#' } }));
  return (out.Items ?? []) as { kind: string; jobId: string }[];
};

it('ten concurrent requests for a module with no bank start one job, and all ten answer its id', async () => {
  const { user, tokens } = await signUp();
  const token = tokens.accessToken;
  const { courseId, job } = await generateCourse(token, { topic: `Acuarela ${Date.now().toString(36)}`, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  expect(job.status).toBe('completado');
  // The module's bank is gone (as if its evaluation step had not written it yet).
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: { pk: `USER#${user.id}`, sk: `COURSE#${courseId}#E#m01` } }));

  const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } })));
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
  const ids = new Set(answers.map((a) => a.body.jobId as string));
  expect(ids.size).toBe(1);
  const evaluationJobs = (await jobsOf(user.id)).filter((j) => j.kind === 'evaluacion');
  expect(evaluationJobs.map((j) => j.jobId)).toEqual([...ids]);

  // The one job runs to its end; none was started beside it.
  await finishedJob(token, [...ids][0]);
  expect((await jobsOf(user.id)).filter((j) => j.kind === 'evaluacion')).toHaveLength(1);
}, 120_000);
