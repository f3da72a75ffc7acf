import { baseUrl, signUp } from '../support/api';
import { useOwnStack } from '../support/own-stack';

// Issue 23 item 4 on the real local gateway: GET /jobs/{id} answers 304 (no body) to If-None-Match,
// and the page's new polling (ETag, backoff 1 → 10 s, course re-read only when the job moved) asks
// far less than the old one (every second, course re-read whenever updatedAt moved) while a 5 × 4
// course is written at the model table's pace. Time runs at SCALE (model and poll waits alike), so
// the counts are those of real time.

const SCALE = 0.1;
useOwnStack({ pipeline: { timing: 'model', timeScale: SCALE } });

interface Tally { jobs: number; notModified: number; courses: number; bytes: number }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function get(path: string, token: string, tally: Tally, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}/api${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const text = await res.text();
  tally.bytes += Buffer.byteLength(text);
  return { status: res.status, etag: res.headers.get('etag') ?? undefined, text, body: text ? JSON.parse(text) : undefined };
}

type Policy = 'every-second' | 'conditional-backoff';

/** The course page's loop under one policy, until the job ends and the course is `listo`. */
async function follow(policy: Policy, token: string, jobId: string, courseId: string) {
  const tally: Tally = { jobs: 0, notModified: 0, courses: 0, bytes: 0 };
  const readCourse = async () => (tally.courses++, (await get(`/courses/${courseId}`, token, tally)).body.data as { estado: string });
  await readCourse();
  let last: { status: string; step: string; done: number; total: number; updatedAt: string } | undefined;
  let etag: string | undefined;
  let waitMs = 1000;
  for (;;) {
    tally.jobs++;
    const res = await get(`/jobs/${jobId}`, token, tally, policy === 'conditional-backoff' && etag ? { 'if-none-match': etag } : {});
    if (res.status === 304) tally.notModified++;
    const job = res.status === 304 ? last! : res.body.data;
    etag = res.etag;
    const moved = !last || job.status !== last.status || job.step !== last.step || job.done !== last.done;
    const reRead = policy === 'every-second' ? moved || job.updatedAt !== last?.updatedAt : moved;
    last = job;
    if (reRead) await readCourse();
    if (job.status !== 'en_proceso') break;
    waitMs = policy === 'every-second' ? 1000 : moved ? 1000 : Math.min(10_000, waitMs * 2);
    await sleep(waitMs * SCALE);
  }
  // The page asks again until the course settles (polling.courseMs).
  while ((await readCourse()).estado === 'generando') await sleep(3000 * SCALE);
  return { ...tally, job: last! };
}

async function start(token: string) {
  const res = await fetch(`${baseUrl()}/api/courses/plan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ topic: 'Astronomía para curiosos', level: 'principiante', modulos: 5, leccionesPorModulo: 4 }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`plan answered ${res.status}: ${JSON.stringify(body)}`);
  return { jobId: body.jobId as string, courseId: body.curso.courseId as string };
}

describe('following a 5 × 4 course', () => {
  it('the gateway passes 304 with no body; another learner with the tag meets 404', async () => {
    const [{ tokens: a }, { tokens: b }] = await Promise.all([signUp('Ana'), signUp('Beto')]);
    const { jobId } = await start(a.accessToken);
    const tally: Tally = { jobs: 0, notModified: 0, courses: 0, bytes: 0 };
    const first = await get(`/jobs/${jobId}`, a.accessToken, tally);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"/);
    const other = await get(`/jobs/${jobId}`, b.accessToken, tally, { 'if-none-match': first.etag! });
    expect(other).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos esa tarea.' } });
    // The job may move between two reads: ask until one answers 304 (a step takes seconds at this pace).
    let again = await get(`/jobs/${jobId}`, a.accessToken, tally, { 'if-none-match': first.etag! });
    for (let i = 0; again.status !== 304 && i < 20; i++) again = await get(`/jobs/${jobId}`, a.accessToken, tally, { 'if-none-match': again.etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  }, 120_000);

  it('the new polling reaches lista; on the same course the old one would ask several times more', async () => {
    const { tokens } = await signUp('Carla');
    const { jobId, courseId } = await start(tokens.accessToken);
    // An observer records when the job moved (cheap 304s every 100 ms of scaled time), so both policies
    // can be replayed on that timeline with no request latency: on two busy cores, real polls at
    // scale 0.1 would measure the machine, not the policy.
    const moves: number[] = [];
    const t0 = Date.now();
    let observing = true;
    const observer = (async () => {
      const tally: Tally = { jobs: 0, notModified: 0, courses: 0, bytes: 0 };
      let etag: string | undefined;
      while (observing) {
        const res = await get(`/jobs/${jobId}`, tokens.accessToken, tally, etag ? { 'if-none-match': etag } : {});
        if (res.status === 200) moves.push((Date.now() - t0) / SCALE);
        etag = res.etag;
        await sleep(100);
      }
    })();
    const after = await follow('conditional-backoff', tokens.accessToken, jobId, courseId);
    observing = false;
    await observer;
    expect(after.job).toMatchObject({ status: 'completado', done: after.job.total });
    expect(after.notModified).toBeGreaterThan(0);
    // The course is read when the job moved (at most once per observed move), never per poll.
    expect(after.courses).toBeLessThanOrEqual(moves.length + 2);

    const end = moves[moves.length - 1];
    const changedSince = (from: number, to: number) => moves.some((m) => m > from && m <= to);
    const replay = (policy: Policy) => {
      let polls = 0, reads = 1, notModified = 0, t = 0, wait = 1000, last = -1; // the first course read
      for (;;) {
        polls++;
        const moved = last < 0 || changedSince(last, t);
        if (!moved) notModified++;
        // Both re-read the course when the job moved (the old page also on updatedAt alone: a lower bound).
        if (moved) reads++;
        last = t;
        if (t >= end) break;
        wait = policy === 'every-second' ? 1000 : moved ? 1000 : Math.min(10_000, wait * 2);
        t += wait;
      }
      return { polls, reads: reads + 1, notModified: policy === 'every-second' ? 0 : notModified };
    };
    const before = replay('every-second');
    const now = replay('conditional-backoff');
    console.log(`5 × 4 course, ${Math.round(end / 1000)} s at the model table's pace, ${moves.length} job changes:\n  every second: ${before.polls} job polls (all 200), ${before.reads} course reads\n  conditional + backoff: ${now.polls} job polls (${now.notModified} answered 304), ${now.reads} course reads\n  measured here: ${JSON.stringify({ ...after, job: undefined })}`);
    expect(now.polls + now.reads).toBeLessThan((before.polls + before.reads) / 2);
  }, 300_000);
});
