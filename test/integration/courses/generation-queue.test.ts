import { startPipelineHarness } from './support/pipeline-harness';

// Issue 23: courses started together under a small Bedrock quota queue for the model budget instead
// of failing. The local Bedrock enforces the quota as Bedrock does (MENTORA_LLM_TPM), the budget is
// sized from it, and the quota's minute is shortened to 6 s so the queue drains in about a minute
// (the same arithmetic as a real minute, ten times faster). Four learners start 2 × 2 courses at
// once; each must see its place in the queue, every course must end ready (a throttled call retried),
// and the tutor (whose share generation never takes) must answer meanwhile.

const TPM = 150_000;
const MINUTE_MS = 6_000;

let h: Awaited<ReturnType<typeof startPipelineHarness>>;
beforeAll(async () => {
  h = await startPipelineHarness({ tpm: TPM, quotaMinuteMs: MINUTE_MS, budgetRetryMs: 500, latencyMs: 100, faults: '' });
});
afterAll(() => h.close());

const learners = ['cola-ana', 'cola-beto', 'cola-carla', 'cola-dario'];

it('queues four courses started at once, shows each learner its place, ends every course ready, and the tutor answers meanwhile', async () => {
  const started = await Promise.all(
    learners.map(async (sub, i) => {
      const res = await h.call(sub, 'POST', '/courses/plan', { topic: `Astronomía para curiosos ${i}`, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
      expect(res.status).toBe(200);
      return { sub, courseId: res.body.curso.courseId as string, jobId: res.body.jobId as string };
    }),
  );
  const positions = new Map<string, number[]>(learners.map((s) => [s, []]));
  const finals = new Map<string, { status: string; cola?: unknown }>();
  const tutor: { status: number; whileQueued: boolean; message?: string }[] = [];
  const until = Date.now() + 240_000;
  let lastChat = 0;
  const chats: Promise<void>[] = [];
  while (finals.size < learners.length && Date.now() < until) {
    const jobs = await Promise.all(started.map(async (s) => ({ s, job: (await h.call(s.sub, 'GET', `/jobs/${s.jobId}`)).body.data })));
    for (const { s, job } of jobs) {
      if (job.cola) positions.get(s.sub)!.push(job.cola.porDelante);
      if (job.status !== 'en_proceso') finals.set(s.sub, job);
    }
    const queued = jobs.some(({ job }) => job.cola);
    // A chat every 3 s while courses wait their turn (not awaited: polls go on), each learner in turn on
    // their own course, so a slow run never meets the free plan's 20 messages a day (a 429 is not what
    // this test is about).
    if (Date.now() - lastChat > 3_000 && finals.size < learners.length && chats.length < 60) {
      lastChat = Date.now();
      const asker = started[chats.length % started.length];
      chats.push(
        h.call(asker.sub, 'POST', '/ai-tutor/chat', { courseId: asker.courseId, message: '¿Qué voy a aprender en este curso?' }).then((res) => {
          tutor.push({ status: res.status, whileQueued: queued, ...(res.status !== 200 && { message: JSON.stringify(res.body).slice(0, 300) }) });
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(chats);
  // A stall's diagnosis (issue 42: a fresh-clone run once found three of four courses still waiting at the bound).
  if (finals.size < learners.length || [...finals.values()].some((j) => j.status !== 'completado')) console.error(`generation-queue stalled:\n${await h.snapshot()}`);
  // Every course ends ready: none failed while it waited.
  expect([...finals.values()].map((j) => j.status)).toEqual(learners.map(() => 'completado'));
  for (const s of started) expect((await h.call(s.sub, 'GET', `/courses/${s.courseId}`)).body.data.estado).toBe('listo');
  // Each learner saw a real place in the queue (0 … 3 courses ahead of 4), and it was given up once ready.
  for (const sub of learners) {
    expect(positions.get(sub)!.length).toBeGreaterThan(0);
    expect(positions.get(sub)!.every((p) => Number.isInteger(p) && p >= 0 && p < learners.length)).toBe(true);
    expect(finals.get(sub)!.cola).toBeUndefined();
  }
  // Someone had a course ahead of them at some point: the count is not always 0.
  expect(Math.max(...[...positions.values()].flat())).toBeGreaterThan(0);
  // The tutor answered every time, also while courses were queued for the budget.
  expect(tutor.length).toBeGreaterThan(0);
  expect(tutor.filter((t) => t.status !== 200)).toEqual([]);
  expect(tutor.some((t) => t.whileQueued)).toBe(true);
  // How close generation kept to its share is a pace: the local Bedrock refuses a call whose minute is
  // full, and the budget's windows and the stand-in's minute drift apart on busy cores (CI saw 4 refusals
  // beside another test file, issue 42 saw 1 at load 3). A refused call is retried and the courses above
  // still all ended ready; `npm run bench capacity` prints the count at scale.
  console.info(`generation-queue: the local Bedrock refused ${h.pipeline.bedrock.quota?.usage().refused ?? 0} calls for the quota`);
}, 300_000);
