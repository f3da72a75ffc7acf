import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { courseKey, jobKey } from '../../../lambdas/course-model/course-keys';
import { dynamoCourseStore, type CourseStore } from '../../../lambdas/course-model/course-store';
import { dynamoRunningJobs } from '../../../lambdas/course-model/running-jobs';
import { runningJobIndex } from '../../../lambdas/course-model/store-support';
import { STALE_AFTER_MINUTES, STALLED_MESSAGE, sweepStaleJobs, type SweeperDeps } from '../../../lambdas/pipeline/sweeper';
import { documentClient } from '../../../lambdas/shared/clients';
import { startPipelineHarness, waitFor } from './support/pipeline-harness';
import { generatingCourse } from './support/generating-course';

// Issue 13 "generation never stuck", on DynamoDB Local and the local Step Functions runner: course
// and job are written together or not at all, a job that stops moving is failed by the sweeper
// (and the learner's retry then finishes the course), and a Lambda service error inside a task is
// retried as the ASL says. Retries wait 20 ms here.

let h: Awaited<ReturnType<typeof startPipelineHarness>>;
let store: CourseStore;
let sweeper: SweeperDeps;
/** What the Lambda service answers instead of running a task, queued by a test (infra/local/stepfunctions-pipeline.ts). */
const lambdaFaults: Record<string, string[]> = {};
beforeAll(async () => {
  h = await startPipelineHarness({ lambdaFaults });
  store = dynamoCourseStore(documentClient(), 'mentora');
  sweeper = { running: dynamoRunningJobs(documentClient(), 'mentora'), store };
}, 240_000); // the harness starts DynamoDB Local: a bound, not a pace
afterAll(() => h.close());

const minutesAgo = (n: number, from = new Date()) => new Date(from.getTime() - n * 60_000).toISOString();
const read = async (key: Record<string, string>) => (await documentClient().send(new GetCommand({ TableName: 'mentora', Key: key }))).Item;
/** A course `generando` with its job, written as POST /courses/plan writes them, `at` a given time. */
const stuckCourse = (userId: string, at: string) => generatingCourse(userId, at, { topic: 'Tema atascado' });
const finished = (sub: string, jobId: string) =>
  waitFor(async () => {
    const job = (await h.call(sub, 'GET', `/jobs/${jobId}`)).body.data;
    return job.status !== 'en_proceso' && job;
  });

describe('course and job in one transaction', () => {
  it('writes neither when one condition fails', async () => {
    const first = stuckCourse('u-tx', new Date().toISOString());
    await store.create(first.course, first.job);
    // A second course that reuses the job id: the job's condition fails, so the course is not written either.
    const second = stuckCourse('u-tx', new Date().toISOString());
    await expect(store.create(second.course, { ...second.job, jobId: first.job.jobId })).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await read(courseKey('u-tx', second.course.courseId))).toBeUndefined();
  });

  it('restarts only a failed course, and then course and new job together', async () => {
    const { course, job } = stuckCourse('u-restart', new Date().toISOString());
    await store.create(course, job);
    const next = { ...job, jobId: randomUUID() };
    expect(await store.restart('u-restart', course.courseId, next.jobId, next)).toBe(false);
    expect(await read(jobKey('u-restart', next.jobId))).toBeUndefined();

    await store.fail('u-restart', course.courseId, job.jobId, 'falló');
    expect(await store.restart('u-restart', course.courseId, next.jobId, next)).toBe(true);
    expect(await read(courseKey('u-restart', course.courseId))).toMatchObject({ estado: 'generando', jobId: next.jobId });
    expect(await read(jobKey('u-restart', next.jobId))).toMatchObject({ status: 'en_proceso', gsi2pk: runningJobIndex.partition(course.courseId) });
  });

  it("never fails a restarted course with an older run's late failure", async () => {
    const { course, job } = stuckCourse('u-late', new Date().toISOString());
    await store.create(course, job);
    await store.fail('u-late', course.courseId, job.jobId, 'primera');
    const next = { ...job, jobId: randomUUID() };
    await store.restart('u-late', course.courseId, next.jobId, next);
    await store.fail('u-late', course.courseId, job.jobId, 'tarde');
    expect(await read(courseKey('u-late', course.courseId))).toMatchObject({ estado: 'generando', jobId: next.jobId });
  });
});

describe('progress and its counters in one conditional update', () => {
  it('writes nothing, not even the last lesson touched, for a lesson the course does not have', async () => {
    const { course, job } = stuckCourse('u-progress', new Date().toISOString());
    await store.create({ ...course, completadasPorModulo: { m01: 0 } }, job);
    expect(await store.setProgress('u-progress', course.courseId, { moduleId: 'm01', lessonId: 'l09', estado: 'completado' })).toBeUndefined();
    const after = await read(courseKey('u-progress', course.courseId));
    expect(after).toMatchObject({ completadas: 0, updatedAt: course.updatedAt });
    expect(after).not.toHaveProperty('ultimaLeccion');
  });
});

describe('the sweeper', () => {
  it(`fails a course whose job has not moved for ${STALE_AFTER_MINUTES} minutes, in Spanish, and the retry finishes it`, async () => {
    const now = new Date();
    const stale = stuckCourse('u-stale', minutesAgo(STALE_AFTER_MINUTES + 1, now));
    const alive = stuckCourse('u-alive', minutesAgo(STALE_AFTER_MINUTES - 1, now));
    await store.create(stale.course, stale.job);
    await store.create(alive.course, alive.job);

    const result = await sweepStaleJobs(sweeper, now);
    expect(result.swept).toBeGreaterThanOrEqual(1);
    expect(result.oldestRunningJobAgeSeconds).toBeGreaterThanOrEqual(60 * STALE_AFTER_MINUTES);
    expect(await read(courseKey('u-stale', stale.course.courseId))).toMatchObject({ estado: 'error', error: STALLED_MESSAGE });
    const job = await read(jobKey('u-stale', stale.job.jobId));
    expect(job).toMatchObject({ status: 'error', error: STALLED_MESSAGE });
    expect(job).not.toHaveProperty('gsi2pk');
    expect(await read(courseKey('u-alive', alive.course.courseId))).toMatchObject({ estado: 'generando' });

    // A second run finds nothing more to do.
    expect((await sweepStaleJobs(sweeper, now)).swept).toBe(0);

    const retry = await h.call('u-stale', 'POST', `/courses/${stale.course.courseId}/retry`);
    expect(retry.status).toBe(200);
    expect(await finished('u-stale', retry.body.jobId)).toMatchObject({ status: 'completado' });
    expect((await h.call('u-stale', 'GET', `/courses/${stale.course.courseId}`)).body.data).toMatchObject({ estado: 'listo' });
  });

  it('leaves alone a job that moved after it was read as stale', async () => {
    const now = new Date();
    const { course, job } = stuckCourse('u-moved', minutesAgo(STALE_AFTER_MINUTES + 5, now));
    await store.create(course, job);
    const cutoff = minutesAgo(STALE_AFTER_MINUTES, now);
    // The job moves (a task wrote progress) between the sweeper's Query and its write.
    const { dynamoGenerationStore } = await import('../../../lambdas/course-model/generation-store');
    await dynamoGenerationStore(documentClient(), 'mentora').updateJob('u-moved', job.jobId, { done: 1 });
    expect(await store.fail('u-moved', course.courseId, job.jobId, STALLED_MESSAGE, cutoff)).toBe(false);
    expect(await read(courseKey('u-moved', course.courseId))).toMatchObject({ estado: 'generando' });
    expect(await read(jobKey('u-moved', job.jobId))).toMatchObject({ status: 'en_proceso' });
  });
});

describe('Lambda errors inside a task', () => {
  it('are retried as the ASL says: the course finishes after Lambda.ServiceException, Sandbox.Timedout and throttling', async () => {
    Object.assign(lambdaFaults, { Outline: ['Lambda.ServiceException'], Lesson: ['Sandbox.Timedout', 'Lambda.TooManyRequestsException'], Finalize: ['Lambda.AWSLambdaException'] });
    const plan = await h.call('u-lambda', 'POST', '/courses/plan', { topic: 'Tema con fallos de Lambda', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    expect(plan.status).toBe(200);
    expect(await finished('u-lambda', plan.body.jobId)).toMatchObject({ status: 'completado', done: 9, total: 9 });
    // Every queued fault was raised, and retried.
    expect(lambdaFaults).toEqual({ Outline: [], Lesson: [], Finalize: [] });
    const c = (await h.call('u-lambda', 'GET', `/courses/${plan.body.curso.courseId}`)).body.data;
    expect(c.estado).toBe('listo');
    expect(c.modulos.flatMap((m: any) => m.lecciones.map((l: any) => l.estado))).toEqual(['lista', 'lista', 'lista', 'lista']);
  });
});
