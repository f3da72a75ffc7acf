// Issue 11: the course pipeline against the model table's pace (time to first token + output tokens
// at each model's tokens per second, lambdas/shared/ai/model-table.ts) instead of a fixed latency.
// Reports outline visible, whole 5 x 4 course, a lesson regeneration (its job, to the end) and a
// streamed tutor message (first words, whole answer), each in seconds and as a ratio to the model's
// own time, and tokens and the estimated cost per course, regeneration and message.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { CourseDetail, JobView } from '../../lambdas/contract/courses';
import { STAGES_CHANNEL, type StageMark } from '../../lambdas/shared/stages';
import { nextJobPoll, outlineReady, type JobPoll } from '../../web/src/lib/polling';
import { VERIFIER_CANDIDATES } from '../../lambdas/shared/ai/model-cards';
import { ROUTES, baseModelId, costUsd, modelTimeMs } from '../../lambdas/shared/ai/model-table';
import { streamTutorChat } from '../../lambdas/tutor/stream-chat';
import type { ConverseRequest } from '../../infra/local/bedrock-protocol';
import { startPipelineHarness, waitFor } from '../../test/integration/courses/support/pipeline-harness';
import { localTutorDeps } from './tutor-deps';
import { writeCourseCost } from './course-cost';

interface Call {
  tool: string;
  modelId: string;
  /** Every input token, cached ones included (Bedrock reports these apart). */
  inputTokens: number;
  outputTokens: number;
  cacheRead: number;
  cacheWrite: number;
  at: number;
}

export async function realisticModelBench(opts: { modules?: number; lessons?: number; faults?: string } = {}) {
  const MODULES = opts.modules ?? 5;
  const LESSONS = opts.lessons ?? 4;
  const calls: Call[] = [];
  const tool = (req: ConverseRequest) => req.toolConfig?.toolChoice?.tool?.name ?? 'texto';
  // Issue 42: the first module's path, stage by stage (lambdas/shared/stages.ts; the stand-ins' own stamps).
  const marks: StageMark[] = [];
  const mark = (m: unknown) => void marks.push(m as StageMark);
  subscribe(STAGES_CHANNEL, mark);
  let outlineArrived = 0;
  const h = await startPipelineHarness({
    timing: 'model',
    faults: opts.faults ?? '',
    seed: 11,
    intercept: async (req, next) => {
      // When the outline's first request reached the model (the local Bedrock), before its writer runs.
      if (!outlineArrived && tool(req) === 'registrar_esquema_curso') outlineArrived = performance.now();
      const reply = await next();
      const { cacheReadInputTokens: cacheRead = 0, cacheWriteInputTokens: cacheWrite = 0 } = reply.usage;
      calls.push({ tool: tool(req), modelId: req.modelId, inputTokens: reply.usage.inputTokens + cacheRead + cacheWrite, outputTokens: reply.usage.outputTokens, cacheRead, cacheWrite, at: performance.now() });
      return reply;
    },
  });
  const user = 'bench-realistic';
  const own = (c: Call[]) => c.reduce((ms, x) => ms + (modelTimeMs(x.modelId, x.outputTokens) ?? 0), 0);
  // Cached input at the model's cache prices, as Bedrock bills it (model-table.ts costUsd).
  const cost = (c: Call[]) => c.reduce((usd, x) => usd + costUsd(x.modelId, x.inputTokens, x.outputTokens, { read: x.cacheRead, write: x.cacheWrite }), 0);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  // The learner's course list first, as the web opens it before /generar: the courses handler is
  // warm, as a Lambda in use is, so "plan answered" is the request's own time and not the import of
  // its module graph through tsx in this process (≈ 0.5–1 s here, issue 42's measurement).
  const tWarm = performance.now();
  await h.call(user, 'GET', '/courses/my-courses');
  const tCold = performance.now() - tWarm;
  // And the jobs route the creation page polls (a 404 for a job that is not there).
  await h.call(user, 'GET', '/jobs/calentamiento');
  // The pipeline's functions warm too: their first task would import the handler in this process, and that
  // import (≈ 0.3 s through tsx) blocks the one event loop, the plan's answer included (issue 42's trace).
  const tPipelineWarm = performance.now();
  await h.pipeline.warm();
  const tPipelineCold = performance.now() - tPipelineWarm;
  const t0 = performance.now();
  const plan = await h.call(user, 'POST', '/courses/plan', { topic: 'Programación en Python', level: 'principiante', modulos: MODULES, leccionesPorModulo: LESSONS });
  const tAnswer = performance.now() - t0;
  const { curso: { courseId }, jobId } = plan.body as { curso: { courseId: string }; jobId: string };
  const detail = async () => ((await h.call(user, 'GET', `/courses/${courseId}`)).body as { data: CourseDetail }).data;
  // The creation page as the SPA runs it: GET /jobs/{id} on its own schedule (web/src/lib/polling.ts) from the
  // plan's answer; once the outline is ready it opens the course page, which reads GET /courses/{id}.
  const pageSees = (async () => {
    let last: JobPoll | undefined;
    for (;;) {
      const job = ((await h.call(user, 'GET', `/jobs/${jobId}`)).body as { data: JobView }).data;
      if (outlineReady(job) && (await detail()).modulos.length) return performance.now() - t0;
      if (job.status !== 'en_proceso') return 0;
      const next = nextJobPoll(last, job, Date.now());
      last = next;
      await new Promise((r) => setTimeout(r, next.waitMs));
    }
  })();
  // Issue 42: the outline streams, so each module is visible when its part of the answer is complete.
  const tModules: number[] = [];
  let tOutline = 0;
  for (;;) {
    const c = await detail();
    while (tModules.length < c.modulos.length) tModules.push(performance.now() - t0);
    if (!tOutline && c.modulos.length >= MODULES) tOutline = performance.now() - t0;
    if (c.estado !== 'generando') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const tTotal = performance.now() - t0;
  const tPage = await pageSees;
  unsubscribe(STAGES_CHANNEL, mark);
  const course = await detail();
  const started = h.pipeline.sfn.executions().find((e) => e.name === jobId);
  const stage = (name: StageMark['stage']) => marks.find((m) => m.courseId === courseId && m.stage === name && (m.index ?? 0) === 0)?.at ?? NaN;
  // In the order they happened (the execution starts before the plan's answer, and the task may too).
  const trace: [string, number][] = [
    ['plan answered', tAnswer],
    // The local Step Functions' start (epoch seconds) on this process's clock.
    ['execution started', started ? started.startDate * 1000 - performance.timeOrigin - t0 : NaN],
    ['outline task running', stage('outline-task') - t0],
    ['request built', stage('outline-request') - t0],
    ['model request sent', outlineArrived - t0],
    ['first token', stage('outline-first-token') - t0],
    ['module complete', stage('module-complete') - t0],
    ['module stored', stage('module-stored') - t0],
    ['page sees it', tPage],
  ];
  const courseCalls = [...calls];
  const outlineCall = courseCalls.find((c) => c.tool === 'registrar_esquema_curso')!;
  const lessonCalls = courseCalls.filter((c) => c.tool === 'registrar_leccion');
  const rest = courseCalls.filter((c) => c !== outlineCall && !lessonCalls.includes(c));
  // The model's own time on the critical path: the outline, the slowest lesson, then the evaluation calls of the slowest module.
  const critical = own([outlineCall]) + Math.max(...lessonCalls.map((c) => own([c]))) + own(rest) / Math.max(1, MODULES);

  // A regeneration answers 202 with a model job at once: what it costs in time and tokens is the
  // job's, so it is followed to its end (GET /jobs/{id}) and its calls are the ones made meanwhile.
  const before = calls.length;
  const t1 = performance.now();
  const regen = await h.call(user, 'POST', '/lesson/generate', { courseId, moduleId: 'm01', lessonId: 'l02' });
  const tRegenAnswer = performance.now() - t1;
  const regenJobId = (regen.body as { jobId: string }).jobId;
  const regenJob = await waitFor(async () => {
    const j = ((await h.call(user, 'GET', `/jobs/${regenJobId}`)).body as { data: { status: string } }).data;
    return j.status !== 'en_proceso' && j;
  }, 300_000, 50);
  const tRegen = performance.now() - t1;
  const regenCalls = calls.slice(before);

  // The tutor as the learner meets it: streamed (lambdas/tutor/stream-chat.ts), first words and whole answer.
  const beforeTutor = calls.length;
  const t2 = performance.now();
  let tFirstWords = 0;
  let tipo = '';
  await streamTutorChat(localTutorDeps(), user, { courseId, moduleId: 'm01', lessonId: 'l01', message: '¿Qué diferencia hay entre una lista y una tupla?' }, (e) => {
    if (e.type === 'delta' && !tFirstWords) tFirstWords = performance.now() - t2;
    if (e.type === 'done') tipo = e.data.tipo;
  });
  const tTutor = performance.now() - t2;
  const tutorCalls = calls.slice(beforeTutor);
  const tokensOf = (c: Call[]) => `${c.reduce((n, x) => n + x.inputTokens, 0)} in + ${c.reduce((n, x) => n + x.outputTokens, 0)} out`;

  console.log(`\nRealistic model table (${course.uso.modelos.join(', ')}), course ${MODULES} x ${LESSONS}${opts.faults ? `, faults ${opts.faults}` : ''}; state ${course.estado}`);
  console.log(`plan answered in ${tAnswer.toFixed(0)} ms (the courses handler warmed by GET /courses/my-courses first: ${tCold.toFixed(0)} ms with its import)`);
  console.log(`first module visible  ${s(tModules[0] ?? 0)} (${s((tModules[0] ?? 0) - tAnswer)} after the plan's answer); each module visible at ${tModules.map(s).join(', ')}`);
  trace.sort((a, b) => a[1] - b[1]);
  console.log(`first module, stage by stage (s from the click, + since the stage before): ${trace.map(([name, ms], i) => `${name} ${(ms / 1000).toFixed(2)}${i ? ` (+${((ms - trace[i - 1][1]) / 1000).toFixed(2)})` : ''}`).join(' → ')}`);
  console.log(`  the creation page sees it ${s(tPage)} from the click (its polls of GET /jobs/{id}, then GET /courses/{id}; a 50-ms poll of the course ${s(tModules[0] ?? 0)}); the pipeline's handler imported first in ${tPipelineCold.toFixed(0)} ms`);
  console.log(`outline visible  ${s(tOutline || tModules.at(-1) || 0)}  = ${((tOutline || tModules.at(-1) || 0) / own([outlineCall])).toFixed(2)} x the outline call's own model time (${s(own([outlineCall]))}, ${outlineCall.outputTokens} tokens out)`);
  console.log(`whole course     ${s(tTotal)}  = ${(tTotal / critical).toFixed(2)} x the model's time on the critical path (${s(critical)}); all ${courseCalls.length} calls back to back would take ${s(own(courseCalls))}`);
  console.log(`lesson regenerated: HTTP ${regen.status} in ${tRegenAnswer.toFixed(0)} ms, job ${regenJob.status} in ${s(tRegen)} = ${(tRegen / Math.max(1, own(regenCalls))).toFixed(2)} x its model time (${s(own(regenCalls))}); ${regenCalls.length} call(s), ${tokensOf(regenCalls)}, $${cost(regenCalls).toFixed(5)}`);
  console.log(`tutor message (streamed, ${tipo}): first words ${s(tFirstWords)}, whole answer ${s(tTutor)} = ${(tTutor / Math.max(1, own(tutorCalls))).toFixed(2)} x its model time; ${tutorCalls.length} call(s), ${tokensOf(tutorCalls)}, $${cost(tutorCalls).toFixed(5)}`);
  console.log(`tokens per course: ${course.uso.tokensEntrada} in + ${course.uso.tokensSalida} out; estimated cost per course $${course.uso.costeEstimadoUSD.toFixed(4)} (recorded) / $${cost(courseCalls).toFixed(4)} (from the calls)`);
  const evaluationCalls = courseCalls.filter((c) => c.tool === 'registrar_evaluacion');
  const sum = (c: Call[], f: (x: Call) => number) => c.reduce((n, x) => n + f(x), 0);
  console.log(`  question batches: ${evaluationCalls.length} calls, ${sum(evaluationCalls, (x) => x.inputTokens)} tokens in, of which ${sum(evaluationCalls, (x) => x.cacheRead)} read from and ${sum(evaluationCalls, (x) => x.cacheWrite)} written to the prompt cache; $${cost(evaluationCalls).toFixed(4)} (without the cache $${evaluationCalls.reduce((usd, x) => usd + costUsd(x.modelId, x.inputTokens, x.outputTokens), 0).toFixed(4)})`);
  const verifierCalls = courseCalls.filter((c) => baseModelId(c.modelId) === ROUTES.verifier);
  const writerCalls = courseCalls.filter((c) => !verifierCalls.includes(c));
  console.log(`  of which the blind verifier (${ROUTES.verifier}): ${verifierCalls.length} calls, ${tokensOf(verifierCalls)}, $${cost(verifierCalls).toFixed(4)}; the writer: ${writerCalls.length} calls, ${tokensOf(writerCalls)}, $${cost(writerCalls).toFixed(4)}`);
  console.log('same course at list prices, everything on one model:');
  for (const model of ['amazon.nova-micro-v1:0', 'amazon.nova-lite-v1:0', 'amazon.nova-pro-v1:0', 'anthropic.claude-haiku-4-5-20251001-v1:0', 'anthropic.claude-sonnet-4-5-20250929-v1:0']) {
    console.log(`  ${model.padEnd(44)} $${courseCalls.reduce((usd, c) => usd + costUsd(model, c.inputTokens, c.outputTokens), 0).toFixed(4)}`);
  }
  // What the verifier's candidates (model-cards.ts) would make of the course: the writer as routed, the verifier's tokens at their price.
  console.log('same course with the blind verifier on another model:');
  for (const [model, c] of Object.entries(VERIFIER_CANDIDATES).filter(([, c]) => c.price)) {
    const [inUsd, outUsd] = c.price!;
    const verifier = verifierCalls.reduce((usd, x) => usd + (x.inputTokens * inUsd + x.outputTokens * outUsd) / 1e6, 0);
    console.log(`  ${model.padEnd(44)} $${(cost(writerCalls) + verifier).toFixed(4)}`);
  }
  // The measured course, faultless and of the default shape, is what the plans hold (lambdas/plans/course-cost.ts).
  if (!opts.faults && course.estado === 'listo') writeCourseCost({ modulos: MODULES, leccionesPorModulo: LESSONS }, course.uso, courseCalls.map((c) => ({ ...c, cost: cost([c]) })));
  await h.pipeline.sfn.settled();
  await h.close();
}

if (require.main === module) {
  process.env.POWERTOOLS_LOG_LEVEL = 'CRITICAL';
  realisticModelBench({ faults: process.env.MENTORA_LLM_FAULTS }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
