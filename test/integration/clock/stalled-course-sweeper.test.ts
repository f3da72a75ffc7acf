import { dynamoCourseStore } from '../../../lambdas/course-model/course-store';
import { STALE_AFTER_MINUTES, STALLED_MESSAGE } from '../../../lambdas/pipeline/sweeper';
import { waitForJob } from '../courses/support/courses';
import { waitFor } from '../courses/support/pipeline-harness';
import { table } from '../payments/support';
import { baseUrl, call, signUp } from '../support/api';
import { advanceClock, stackNow, useOwnStack } from '../support/own-stack';
import { generatingCourse } from '../courses/support/generating-course';

// Issue 13: a course left `generando` with nothing running (its execution died, or never started)
// is failed by the sweeper once its job has not moved for STALE_AFTER_MINUTES, by the stack's clock,
// and the learner's retry then generates it. The stack's own sweeper runs every 200 ms here, as
// EventBridge Scheduler runs it on AWS; this file has its own stack because it moves the clock.

useOwnStack({ sweepIntervalMs: 200 });

const subOf = (accessToken: string) => (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;

async function stuckCourse(userId: string) {
  const at = (await stackNow()).toISOString();
  const { course, job } = generatingCourse(userId, at, { topic: 'Cocina mediterránea' });
  const { db, name } = table();
  // Written as POST /courses/plan writes them, but no execution is started: nothing will ever move it.
  await dynamoCourseStore(db, name).create(course, job);
  return { courseId: course.courseId, jobId: job.jobId };
}

it(`fails a course stuck in generando after ${STALE_AFTER_MINUTES} minutes by the stack clock, in Spanish, and the retry then generates it`, async () => {
  const { tokens } = await signUp('Atascada');
  const token = tokens.accessToken;
  const { courseId } = await stuckCourse(subOf(token));
  const get = async () => (await call('GET', `/courses/${courseId}`, { token })).body.data;

  // A run now leaves it: it has not been idle long enough.
  const early = await fetch(`${baseUrl()}/__local/sweep`, { method: 'POST' });
  expect(await early.json()).toMatchObject({ swept: 0 });
  expect(await get()).toMatchObject({ estado: 'generando' });

  await advanceClock((STALE_AFTER_MINUTES + 1) * 60_000);
  const failed = await waitFor(async () => {
    const c = await get();
    return c.estado === 'error' && c;
  }, 10_000);
  expect(failed.error).toBe(STALLED_MESSAGE);
  const mine = (await call('GET', '/courses/my-courses', { token })).body.data;
  expect(mine).toEqual([expect.objectContaining({ courseId, estado: 'error', error: STALLED_MESSAGE })]);

  const retry = await call('POST', `/courses/${courseId}/retry`, { token });
  expect(retry.status).toBe(200);
  expect(await waitForJob(token, retry.body.jobId)).toMatchObject({ status: 'completado' });
  expect(await get()).toMatchObject({ estado: 'listo', jobId: retry.body.jobId });
}, 90_000);
