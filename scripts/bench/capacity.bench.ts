// Issue 23, "ten thousand learners on launch day", on this machine: the whole local stack with the
// model table's pace (MENTORA_LLM_LATENCY_MS=model) and a small Bedrock quota (MENTORA_LLM_TPM,
// default 400,000 tokens per minute per model). BENCH_COURSES learners (20) start 2 × 2 courses
// within a few seconds while BENCH_CHATTERS others (10) chat with the streamed tutor. Every course
// must end `listo` (none `error`), the tutor's first words must arrive within 3 s, and no request
// may answer 5xx. Reports requests per course, queue positions and waits, and the budget's use.
// MENTORA_BENCH_MINUTE_MS shortens the quota's minute (the local Bedrock's and the budget's alike)
// to run the same arithmetic faster; docs/capacity.md "Load test" says which run gave which figures.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';
import { startLocalStack } from '../../infra/local/stack';
import { documentClient } from '../../lambdas/shared/clients';
import { budgetPlan } from '../../lambdas/shared/ai/model-budget';
import { modelIdsFromEnv } from '../../lambdas/shared/ai/models';
import { watchTurns } from '../../infra/local/turn-watch';
import { hogComparison, type HogDeps } from './capacity-hog';

quietAwsSdk();
process.env.MENTORA_LLM_LATENCY_MS ||= 'model';
const TPM = Number(process.env.MENTORA_LLM_TPM) || 400_000;
process.env.MENTORA_LLM_TPM = String(TPM);
const MINUTE_MS = Number(process.env.MENTORA_BENCH_MINUTE_MS) || 60_000;
const COURSES = Number(process.env.BENCH_COURSES) || 20;
const CHATTERS = Number(process.env.BENCH_CHATTERS) || 10;
const FIRST_WORDS_BUDGET_MS = 3000;
/** Issue 40: the hog comparison (capacity-hog.ts) runs after the crowd; `only` runs it alone, `0` skips it. */
const HOG = process.env.BENCH_HOG ?? '1';
const HOG_GOAL = 1.5;
const COURSE = { level: 'principiante', modulos: 2, leccionesPorModulo: 2 };

interface Learner { sub: string; token: string }
/** The fields of the answers this bench reads. */
interface Answer {
  jobId: string;
  curso: { courseId: string };
  user: { id: string };
  sessionid?: string;
  tokens: { accessToken: string };
  data: { status: string; error?: string; cola?: { porDelante: number } };
}
const statuses: number[] = [];

async function main() {
  const started = performance.now();
  const stack = await startLocalStack({ port: 0, web: 'none', pipeline: { timing: 'model', tpm: TPM, quotaMinuteMs: MINUTE_MS } });
  const table = stack.env.TABLE_NAME;
  const call = async (who: Learner | undefined, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(who && { authorization: `Bearer ${who.token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    statuses.push(res.status);
    const json = (await res.json().catch(() => ({}))) as Answer;
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const register = async (tag: string): Promise<Learner> => {
    const email = `${tag}.${Date.now().toString(36)}@example.com`;
    const reg = await call(undefined, 'POST', '/auth/register', { email, password: 'Aprender2025', nombre: tag });
    const [mail] = stack.mailbox.list(email);
    const confirmed = await call(undefined, 'POST', '/auth/confirm', { username: reg.user.id, code: mail.code, email, sessionId: reg.sessionid });
    return { sub: reg.user.id, token: confirmed.tokens.accessToken };
  };
  const follow = async (who: Learner, jobId: string) => {
    const seen = { requests: 0, positions: [] as number[], firstQueued: 0, lastQueued: 0, status: '' };
    for (;;) {
      // A 5xx is counted (the bench fails on any) and the poll goes on, so one slow answer does not hide the rest
      // (a connection reset by the loaded local stack too: it is not an answer).
      const answer = await call(who, 'GET', `/jobs/${jobId}`).catch((error: Error) => (/answered 5\d\d|fetch failed/.test(error.message) ? undefined : Promise.reject(error)));
      seen.requests++;
      if (!answer) continue;
      const { data } = answer;
      if (data.cola) {
        seen.positions.push(data.cola.porDelante);
        seen.firstQueued ||= performance.now();
        seen.lastQueued = performance.now();
      }
      if (data.status !== 'en_proceso') return { ...seen, status: data.status, error: data.error };
      await new Promise((r) => setTimeout(r, 2000));
    }
  };

  const plan = budgetPlan({ MODEL_TPM: String(TPM), MODEL_BUDGET_MINUTE_MS: String(MINUTE_MS) });
  const models = [...new Set(Object.values(modelIdsFromEnv()))];
  const hogDeps: HogDeps = {
    table, plan, models, register, follow,
    start: async (who, topic) => {
      const res = await fetch(`${stack.url}/api/courses/plan`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` }, body: JSON.stringify({ topic, ...COURSE }) });
      statuses.push(res.status);
      const json = (await res.json().catch(() => ({}))) as { jobId?: string; message?: string };
      if (res.status >= 500) throw new Error(`POST /courses/plan answered ${res.status}`);
      return { status: res.status, jobId: res.ok ? json.jobId : undefined, message: json.message };
    },
  };
  const hog = async () => {
    const report = await hogComparison(hogDeps);
    console.log(report.lines.join('\n'));
    return [...(report.failed ? [`${report.failed} courses of the hog comparison did not end listo`] : []), ...(report.worst > HOG_GOAL ? [`a single-course learner waited ${report.worst.toFixed(2)} × as long beside the hog`] : [])];
  };
  if (HOG === 'only') {
    const failed = await hog();
    await stack.stop();
    if (failed.length) throw new Error(failed.join('; '));
    return;
  }

  // The chatters' course: one written before the crowd, copied to each chatter (their own partition).
  const chatters = await Promise.all(Array.from({ length: CHATTERS }, (_, i) => register(`charla${i}`)));
  const first = await call(chatters[0], 'POST', '/courses/plan', { topic: 'Historia de la música', ...COURSE });
  const aloneAt = performance.now();
  const setup = await follow(chatters[0], first.jobId);
  // Issue 35: that course ran alone, so its start-to-ready is one course's critical path here.
  const criticalPath = (performance.now() - aloneAt) / 1000;
  if (setup.status !== 'completado') throw new Error(`the chatters' course failed: ${setup.error}`);
  const items = (await documentClient().send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ExpressionAttributeValues: { ':pk': `USER#${chatters[0].sub}`, ':c': `COURSE#${first.curso.courseId}` } }))).Items ?? [];
  for (const c of chatters.slice(1)) for (const item of items) await documentClient().send(new PutCommand({ TableName: table, Item: { ...item, pk: `USER#${c.sub}`, userId: c.sub } }));
  console.log(`setup: ${CHATTERS} chatters, their course written in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  let firstWords: number[] = [];
  const chat = async (who: Learner) => {
    const t = performance.now();
    const res = await fetch(`${stack.url}/api/ai-tutor/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
      body: JSON.stringify({ courseId: first.curso.courseId, moduleId: 'm01', lessonId: 'l01', message: '¿Me das un ejemplo de la idea principal de esta lección?' }),
    });
    statuses.push(res.status);
    if (!res.ok) throw new Error(`tutor answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const reader = res.body!.getReader();
    let text = '';
    let at = 0;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
      if (!at && text.includes('"delta"')) at = performance.now();
    }
    firstWords.push((at || performance.now()) - t);
  };
  // The tutor's first words on this machine before the crowd: the baseline the crowd is compared with.
  for (const who of chatters) await chat(who);
  const quiet = firstWords;
  firstWords = [];

  // The crowd: COURSES learners start within a few seconds while the chatters talk to the tutor.
  const learners = await Promise.all(Array.from({ length: COURSES }, (_, i) => register(`curso${i}`)));
  const watch = watchTurns(documentClient(), table, models, plan, 250);
  const t0 = performance.now();
  const courses = Promise.all(
    learners.map(async (who, i) => {
      await new Promise((r) => setTimeout(r, (i * 3000) / COURSES));
      const plan = await call(who, 'POST', '/courses/plan', { topic: `Astronomía para curiosos ${i}`, ...COURSE });
      const startedAt = performance.now();
      return { ...(await follow(who, plan.jobId)), i, asked: startedAt, seconds: (performance.now() - startedAt) / 1000, readyAt: (performance.now() - t0) / 1000 };
    }),
  );
  let crowdDone = false;
  void courses.finally(() => (crowdDone = true));
  const chatting = Promise.all(
    chatters.map(async (who, i) => {
      await new Promise((r) => setTimeout(r, 1000 + i * 500));
      for (let n = 0; n < 3 && !crowdDone; n++) {
        await chat(who);
        await new Promise((r) => setTimeout(r, 15_000));
      }
    }),
  );
  const done = await courses;
  await chatting;
  const wall = (performance.now() - t0) / 1000;
  const turns = await watch.stop();
  if (process.env.BENCH_TURNS_DUMP) writeFileSync(process.env.BENCH_TURNS_DUMP, JSON.stringify({ plan, turns }, null, 1));

  // The budget's use: every window of every model, filled against its allowance.
  const fills: string[] = [];
  for (const model of Object.keys(stack.bedrockQuota?.usage().perModel ?? {})) {
    const windows = (await documentClient().send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BUDGET#${model}` } }))).Items ?? [];
    // A window's own takes: its item also counts the loan it started with (taken in the window before).
    const used = windows.map((w) => (Number(w.used) - Number(w.lent ?? 0)) / plan.perWindow);
    if (used.length) fills.push(`${model}: ${used.length} windows, mean ${(100 * used.reduce((a, b) => a + b, 0) / used.length).toFixed(0)} %, max ${(100 * Math.max(...used)).toFixed(0)} % of ${plan.perWindow} tokens`);
  }
  const hogFailed = HOG === '0' ? [] : await hog();
  await stack.stop();

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
  const waits = done.map((c) => (c.firstQueued ? (c.lastQueued - c.firstQueued) / 1000 : 0));
  console.log(`quota ${TPM} tokens per ${MINUTE_MS / 1000} s per model (budget: ${plan.generation} for generation in ${plan.windowMs / 1000}-s windows of ${plan.perWindow}); model pace: the model table`);
  console.log(`${COURSES} courses 2 × 2 and ${CHATTERS} chatters; all done in ${wall.toFixed(0)} s`);
  console.log(`courses: ${done.filter((c) => c.status === 'completado').length} listo, ${done.filter((c) => c.status !== 'completado').length} not; time to ready p50 ${pct(done.map((c) => c.seconds), 0.5).toFixed(0)} s, max ${Math.max(...done.map((c) => c.seconds)).toFixed(0)} s`);
  console.log(`requests per course (GET /jobs/{id} every 2 s): p50 ${pct(done.map((c) => c.requests), 0.5)}, max ${Math.max(...done.map((c) => c.requests))}`);
  console.log(`queue: ${done.filter((c) => c.positions.length).length} of ${COURSES} courses saw a position; largest "por delante" ${Math.max(0, ...done.flatMap((c) => c.positions))}; queued span p50 ${pct(waits, 0.5).toFixed(0)} s, max ${Math.max(...waits).toFixed(0)} s`);
  console.log(`tutor first words before the crowd: ${quiet.length} messages, p50 ${(pct(quiet, 0.5) / 1000).toFixed(2)} s, max ${(Math.max(...quiet) / 1000).toFixed(2)} s`);
  console.log(`tutor first words during the crowd: ${firstWords.length} messages, p50 ${(pct(firstWords, 0.5) / 1000).toFixed(2)} s, max ${(Math.max(...firstWords) / 1000).toFixed(2)} s (budget ${FIRST_WORDS_BUDGET_MS / 1000} s)`);
  console.log(`local Bedrock: ${stack.bedrockQuota?.usage().refused ?? 0} calls refused for the quota; budget use per model:\n  ${fills.join('\n  ')}`);
  // Issue 35: the order they were served in, the budget left idle while courses waited, and the tail against the ideal.
  const byRequest = [...done].sort((a, b) => a.asked - b.asked);
  console.log(`start-to-ready in order of request (s): ${byRequest.map((c) => c.seconds.toFixed(0)).join(', ')}`);
  console.log(`ready at (s after the first request), in order of request: ${byRequest.map((c) => c.readyAt.toFixed(0)).join(', ')}; ready out of request order: ${byRequest.filter((c, k) => k > 0 && c.readyAt < byRequest[k - 1].readyAt).length}`);
  for (const r of turns) {
    console.log(`turns ${r.modelId}: ${r.waitedWindows} windows with courses waiting, ${(100 * r.idleShare).toFixed(1)} % of their budget unused, ${r.over10} left > 10 % unused, ${r.sleepers.length} with a waiter whose call fitted what was left (${r.starved} not judged: the watch starved); ${r.tokens} tokens taken`);
  }
  const busiest = Math.max(...turns.map((r) => r.tokens));
  const ideal = (busiest / plan.perWindow) * (plan.windowMs / 1000) + criticalPath;
  const idealQuota = (busiest / TPM) * (MINUTE_MS / 1000) + criticalPath;
  const tail = Math.max(...done.map((c) => c.readyAt));
  console.log(
    `tail: last ready ${tail.toFixed(0)} s; one course alone ${criticalPath.toFixed(0)} s; ideal at the budget's pace ${ideal.toFixed(0)} s (${(tail / ideal).toFixed(2)} ×), at the full quota's ${idealQuota.toFixed(0)} s (${(tail / idealQuota).toFixed(2)} ×)`,
  );
  const errors = statuses.filter((s) => s >= 500).length;
  console.log(`API answers: ${statuses.length}, 5xx: ${errors}`);
  const failed = [
    ...done.filter((c) => c.status !== 'completado').map((c) => `a course ended ${c.status}: ${c.error}`),
    ...(Math.max(...firstWords) > FIRST_WORDS_BUDGET_MS ? [`tutor first words took ${(Math.max(...firstWords) / 1000).toFixed(2)} s`] : []),
    ...(errors ? [`${errors} answers were 5xx`] : []),
    // Issue 35's budgets for the turns, asserted by test/integration/courses/generation-turns.test.ts
    // until CI failed it on busy cores: a pace, so the bench's to keep.
    ...turns.flatMap((r) => (r.sleepers.length ? [`${r.modelId}: ${r.sleepers.length} waiters slept while their call fitted the window`] : [])),
    ...turns.flatMap((r) => (r.idleShare > 0.1 ? [`${r.modelId}: ${(100 * r.idleShare).toFixed(1)} % of the budget unused while courses waited (budget 10 %)`] : [])),
    // Issue 35: ready in the order asked, give or take two budget windows (two courses whose last calls
    // were served in one window finish as the writes after them fall). Asserted by generation-turns until
    // CI's busy cores finished the first course over two windows after a later one with the queue in order.
    ...byRequest.flatMap((c, k) => byRequest.slice(k + 1).filter((d) => c.readyAt > d.readyAt + (2 * plan.windowMs) / 1000).map((d) => `course ${c.i} was ready ${(c.readyAt - d.readyAt).toFixed(1)} s after course ${d.i}, asked later`)),
    ...(tail > 1.25 * ideal ? [`the last course was ready at ${(tail / ideal).toFixed(2)} × the ideal (budget 1.25 ×)`] : []),
    ...hogFailed,
  ];
  if (failed.length) throw new Error(failed.join('; '));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
