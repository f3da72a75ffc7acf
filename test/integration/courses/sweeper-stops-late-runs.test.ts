import { randomUUID } from 'node:crypto';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStepFunctions, type LocalStepFunctions } from '../../../infra/local/stepfunctions';
import type { JobItem } from '../../../lambdas/course-model/course-items';
import { courseKey, jobKey, lessonKey } from '../../../lambdas/course-model/course-keys';
import { dynamoCourseStore } from '../../../lambdas/course-model/course-store';
import { dynamoGenerationStore } from '../../../lambdas/course-model/generation-store';
import type { RunningJob } from '../../../lambdas/course-model/running-jobs';
import { STALE_AFTER_MINUTES, STALLED_MESSAGE, sweeperStop, sweepStaleJobs } from '../../../lambdas/pipeline/sweeper';
import { executionArn } from '../../../lambdas/shared/stop-executions';
import { table } from '../payments/support';
import { generatingCourse } from './support/generating-course';

// Issue 23, item 3, on DynamoDB Local and the local Step Functions stand-in: the sweeper stops the
// execution of each course job it fails (not of one that moved meanwhile), and the late tasks of a
// failed run write nothing, neither on the failed course nor after the learner's retry started a new
// run, whose writes are accepted. The sweeper's Query is a fake listing only this file's jobs: the
// shared stack's other running jobs must not be swept by a clock this test moves.

const { db, name } = table();
const courses = dynamoCourseStore(db, name);
const read = async (Key: Record<string, string>) => (await db.send(new GetCommand({ TableName: name, Key, ConsistentRead: true }))).Item;

async function generating(userId: string, at: string) {
  const { course, job } = generatingCourse(userId, at, { topic: 'Historia de Roma', modulos: 1, lecciones: 1, step: 'contenido', total: 4 });
  await courses.create(course, job);
  return { userId, courseId: course.courseId, jobId: job.jobId };
}

// An execution that waits for a callback that never comes: "running" until stopped.
const waiting = {
  StartAt: 'Wait',
  States: { Wait: { Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken', Parameters: { FunctionName: '${WaitFunctionArn}', Payload: { 'token.$': '$$.Task.Token' } }, TimeoutSeconds: 3600, End: true } },
};

describe('the sweeper and a failed run', () => {
  let sfn: LocalStepFunctions;
  let client: SFNClient;
  beforeAll(async () => {
    sfn = await startLocalStepFunctions({ definition: waiting, taskHandlers: { Wait: async () => undefined } });
    client = new SFNClient({ endpoint: sfn.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  });
  afterAll(async () => {
    client.destroy();
    await sfn.close();
  });
  const executionStatus = async (jobId: string) => {
    const res = await fetch(sfn.url, { method: 'POST', headers: { 'x-amz-target': 'AWSStepFunctions.DescribeExecution', 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify({ executionArn: executionArn(sfn.stateMachineArn, jobId) }) });
    return ((await res.json()) as { status: string }).status;
  };

  it('stops the execution of the job it fails, and leaves a job that moved running', async () => {
    const now = new Date(Date.now() + (STALE_AFTER_MINUTES + 1) * 60_000);
    const stalled = await generating(`u-${randomUUID()}`, new Date().toISOString());
    // Moved "after" the cutoff: the store's conditional failure leaves it alone.
    const moving = await generating(`u-${randomUUID()}`, now.toISOString());
    const never = await generating(`u-${randomUUID()}`, new Date().toISOString()); // its execution never started
    for (const j of [stalled, moving]) await client.send(new StartExecutionCommand({ stateMachineArn: sfn.stateMachineArn, name: j.jobId, input: '{}' }));
    const listed: RunningJob[] = [stalled, moving, never].map((j) => ({ ...j, movedAt: new Date().toISOString() }));

    const result = await sweepStaleJobs({ running: { idleSince: async () => ({ stale: listed, oldestMovedAt: listed[0].movedAt }) }, store: courses, stop: sweeperStop(sfn.stateMachineArn, () => client) }, now);

    expect(result.swept).toBe(2); // stalled and never; moving moved
    expect(await executionStatus(stalled.jobId)).toBe('ABORTED');
    expect(await executionStatus(moving.jobId)).toBe('RUNNING');
    expect(await read(courseKey(stalled.userId, stalled.courseId))).toMatchObject({ estado: 'error', error: STALLED_MESSAGE });
    expect(await read(courseKey(moving.userId, moving.courseId))).toMatchObject({ estado: 'generando' });
    expect(await read(courseKey(never.userId, never.courseId))).toMatchObject({ estado: 'error' });
  });

  it("refuses a failed run's late writes, and after a retry still refuses the old run's while accepting the new run's", async () => {
    const at = new Date().toISOString();
    const c = await generating(`u-${randomUUID()}`, at);
    const old = dynamoGenerationStore(db, name, c.jobId);
    const modulos = [{ moduleId: 'm01', titulo: 'Los reyes', descripcion: 'D', lecciones: [{ lessonId: 'l01', titulo: 'Rómulo', resumen: 'R' }] }];
    const spend = { usage: { inputTokens: 10, outputTokens: 20 }, modelId: 'm', promptVersion: 'v1', purpose: 'lesson', demo: false };
    await old.saveOutline(c.userId, c.courseId, { titulo: 'Historia de Roma', descripcion: 'D', objetivos: [], modulos }, spend);
    const lesson = lessonKey(c.userId, c.courseId, 'm01', 'l01');

    // The sweeper (or a Catch) fails the run.
    expect(await courses.fail(c.userId, c.courseId, c.jobId, STALLED_MESSAGE)).toBe(true);
    const before = { course: await read(courseKey(c.userId, c.courseId)), lesson: await read(lesson), job: await read(jobKey(c.userId, c.jobId)) };

    // The old run's late tasks: each write refused, nothing changed.
    await expect(old.saveLesson(c.userId, c.courseId, 'm01', 'l01', '## tarde')).rejects.toMatchObject({ name: 'RunSuperseded' });
    await expect(old.spend(c.userId, c.courseId, spend)).rejects.toMatchObject({ name: 'RunSuperseded' });
    await expect(old.saveEvaluation(c.userId, c.courseId, { courseId: c.courseId, moduleId: 'm01', estado: 'lista', version: 'v1', preguntas: [] })).rejects.toMatchObject({ name: 'RunSuperseded' });
    await old.failLesson(c.userId, c.courseId, 'm01', 'l01', 'tarde');
    await old.updateJob(c.userId, c.jobId, { done: 1, step: 'finalizando' });
    await old.updateJob(c.userId, c.jobId, { step: 'completado', status: 'completado', done: 1 });
    expect(await old.finishCourse(c.userId, c.courseId, 'listo')).toBe(false);
    expect(await read(courseKey(c.userId, c.courseId))).toEqual(before.course);
    expect(await read(lesson)).toEqual(before.lesson);
    expect(await read(jobKey(c.userId, c.jobId))).toEqual(before.job);
    expect(before.job).toMatchObject({ status: 'error' });

    // The learner retries: a new run owns the course; the old run is still refused, the new one accepted.
    const retryJob = randomUUID();
    const job: JobItem = { jobId: retryJob, courseId: c.courseId, userId: c.userId, status: 'en_proceso', step: 'contenido', done: 0, total: 4, createdAt: at, updatedAt: at };
    expect(await courses.restart(c.userId, c.courseId, retryJob, job)).toBe(true);
    await expect(old.saveLesson(c.userId, c.courseId, 'm01', 'l01', '## tarde')).rejects.toMatchObject({ name: 'RunSuperseded' });
    expect(await old.finishCourse(c.userId, c.courseId, 'listo')).toBe(false);
    expect(await read(lesson)).toEqual(before.lesson);

    const fresh = dynamoGenerationStore(db, name, retryJob);
    await fresh.saveLesson(c.userId, c.courseId, 'm01', 'l01', '## nueva');
    await fresh.updateJob(c.userId, retryJob, { done: 1 });
    expect(await read(lesson)).toMatchObject({ contenido: '## nueva', estado: 'lista' });
    expect(await read(jobKey(c.userId, retryJob))).toMatchObject({ done: 1, status: 'en_proceso' });
    expect(await fresh.finishCourse(c.userId, c.courseId, 'listo')).toBe(true);
    expect(await read(courseKey(c.userId, c.courseId))).toMatchObject({ estado: 'listo', jobId: retryJob });
  });
});
