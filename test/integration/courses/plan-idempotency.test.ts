import { IN_PROGRESS, KEY_REUSED } from '../../../lambdas/courses/idempotency';
import { startPipelineHarness, waitFor } from './support/pipeline-harness';

// POST /courses/plan with an Idempotency-Key (the web's retries replay it): the first request
// creates the course; a replay answers the same course and job, creates nothing and takes no
// second quota unit.

let h: Awaited<ReturnType<typeof startPipelineHarness>>;
beforeAll(async () => {
  h = await startPipelineHarness();
}, 240_000); // the harness starts DynamoDB Local: a bound, not a pace
afterAll(() => h.close());

const body = { topic: 'Fotografía', level: 'principiante', modulos: 2, leccionesPorModulo: 2 };
const myCourses = async (sub: string) => (await h.call(sub, 'GET', '/courses/my-courses')).body.data as unknown[];
const settled = (sub: string, jobId: string) => waitFor(async () => (await h.call(sub, 'GET', `/jobs/${jobId}`)).body.data.status !== 'en_proceso');

describe('a replayed POST /courses/plan', () => {
  it('answers the first result and creates nothing', async () => {
    const key = { 'idempotency-key': 'c0ffee00-1111-4222-8333-444455556666' };
    const first = await h.call('u-idem', 'POST', '/courses/plan', body, key);
    const replay = await h.call('u-idem', 'POST', '/courses/plan', body, key);
    expect(first.status).toBe(200);
    expect(replay).toEqual(first);
    expect(await myCourses('u-idem')).toHaveLength(1);
    await settled('u-idem', first.body.jobId);
  });

  it('takes no second quota unit: a replay still answers when the plan allows no more courses', async () => {
    const key = { 'idempotency-key': 'k-quota-000001' };
    const first = await h.call('u-idem-q', 'POST', '/courses/plan', body, key);
    expect(first.status).toBe(200);
    // Spend the rest of the month's allowance with fresh keys, then replay the first key.
    let status = 200;
    for (let i = 0; status === 200 && i < 50; i++) status = (await h.call('u-idem-q', 'POST', '/courses/plan', body, { 'idempotency-key': `k-quota-fill-${i}` })).status;
    expect(status).toBe(429);
    const count = (await myCourses('u-idem-q')).length;
    expect(await h.call('u-idem-q', 'POST', '/courses/plan', body, key)).toEqual(first);
    expect(await myCourses('u-idem-q')).toHaveLength(count);
  });

  it('two concurrent requests with one key run the work once', async () => {
    const key = { 'idempotency-key': 'k-concurrent-01' };
    const answers = await Promise.all([h.call('u-idem-c', 'POST', '/courses/plan', body, key), h.call('u-idem-c', 'POST', '/courses/plan', body, key)]);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const ok = answers.filter((a) => a.status === 200);
    expect(new Set(ok.map((a) => a.body.curso.courseId)).size).toBe(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(IN_PROGRESS);
    expect(await myCourses('u-idem-c')).toHaveLength(1);
  });

  it('refuses the same key with another body, in Spanish', async () => {
    const key = { 'idempotency-key': 'k-reused-0001' };
    expect((await h.call('u-idem-r', 'POST', '/courses/plan', body, key)).status).toBe(200);
    expect(await h.call('u-idem-r', 'POST', '/courses/plan', { ...body, topic: 'Otro tema' }, key)).toMatchObject({ status: 409, body: { success: false, message: KEY_REUSED } });
  });

  it('without a key, every request is a new course', async () => {
    await h.call('u-idem-n', 'POST', '/courses/plan', body);
    await h.call('u-idem-n', 'POST', '/courses/plan', body);
    expect(await myCourses('u-idem-n')).toHaveLength(2);
  });
});
