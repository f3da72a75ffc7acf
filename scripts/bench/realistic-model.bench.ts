// Issue 11: the course pipeline against the model table's pace (time to first token + output tokens
// at each model's tokens per second, lambdas/shared/ai/model-table.ts) instead of a fixed latency.
// Reports outline visible, whole 5 x 4 course, a lesson regeneration and a tutor message, each in
// seconds and as a ratio to the model's own time, and the estimated cost per course and message.
import type { CourseDetail } from '../../lambdas/contract/courses';
import { costUsd, modelTimeMs } from '../../lambdas/shared/ai/model-table';
import type { ConverseRequest } from '../../infra/local/bedrock-protocol';
import { startPipelineHarness } from '../../test/integration/courses/support/pipeline-harness';

interface Call {
  tool: string;
  modelId: string;
  inputTokens: number;
  outputTokens: number;
  at: number;
}

export async function realisticModelBench(opts: { modules?: number; lessons?: number; faults?: string } = {}) {
  const MODULES = opts.modules ?? 5;
  const LESSONS = opts.lessons ?? 4;
  const calls: Call[] = [];
  const tool = (req: ConverseRequest) => req.toolConfig?.toolChoice?.tool?.name ?? 'texto';
  const h = await startPipelineHarness({
    timing: 'model',
    faults: opts.faults ?? '',
    seed: 11,
    intercept: async (req, next) => {
      const reply = await next();
      calls.push({ tool: tool(req), modelId: req.modelId, inputTokens: reply.usage.inputTokens, outputTokens: reply.usage.outputTokens, at: performance.now() });
      return reply;
    },
  });
  const user = 'bench-realistic';
  const own = (c: Call[]) => c.reduce((ms, x) => ms + (modelTimeMs(x.modelId, x.outputTokens) ?? 0), 0);
  const cost = (c: Call[]) => c.reduce((usd, x) => usd + costUsd(x.modelId, x.inputTokens, x.outputTokens), 0);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  const t0 = performance.now();
  const plan = await h.call(user, 'POST', '/courses/plan', { topic: 'Programación en Python', level: 'principiante', modulos: MODULES, leccionesPorModulo: LESSONS });
  const tAnswer = performance.now() - t0;
  const { curso: { courseId } } = plan.body as { curso: { courseId: string } };
  const detail = async () => ((await h.call(user, 'GET', `/courses/${courseId}`)).body as { data: CourseDetail }).data;
  let tOutline = 0;
  for (;;) {
    const c = await detail();
    if (!tOutline && c.modulos.length) tOutline = performance.now() - t0;
    if (c.estado !== 'generando') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const tTotal = performance.now() - t0;
  const course = await detail();
  const courseCalls = [...calls];
  const outlineCall = courseCalls.find((c) => c.tool === 'registrar_esquema_curso')!;
  const lessonCalls = courseCalls.filter((c) => c.tool === 'registrar_leccion');
  const rest = courseCalls.filter((c) => c !== outlineCall && !lessonCalls.includes(c));
  // The model's own time on the critical path: the outline, the slowest lesson, then the evaluation calls of the slowest module.
  const critical = own([outlineCall]) + Math.max(...lessonCalls.map((c) => own([c]))) + own(rest) / Math.max(1, MODULES);

  const before = calls.length;
  const t1 = performance.now();
  const regen = await h.call(user, 'POST', '/lesson/generate', { courseId, moduleId: 'm01', lessonId: 'l02' });
  const tRegen = performance.now() - t1;
  const regenCalls = calls.slice(before);

  const beforeTutor = calls.length;
  const t2 = performance.now();
  const tutor = await h.call(user, 'POST', '/ai-tutor/chat', { courseId, moduleId: 'm01', lessonId: 'l01', message: '¿Qué diferencia hay entre una lista y una tupla?' });
  const tTutor = performance.now() - t2;
  const tutorCalls = calls.slice(beforeTutor);

  console.log(`\nRealistic model table (${course.uso.modelos.join(', ')}), course ${MODULES} x ${LESSONS}${opts.faults ? `, faults ${opts.faults}` : ''}; state ${course.estado}`);
  console.log(`plan answered in ${tAnswer.toFixed(0)} ms`);
  console.log(`outline visible  ${s(tOutline)}  = ${(tOutline / own([outlineCall])).toFixed(2)} x the outline call's own model time (${s(own([outlineCall]))}, ${outlineCall.outputTokens} tokens out)`);
  console.log(`whole course     ${s(tTotal)}  = ${(tTotal / critical).toFixed(2)} x the model's time on the critical path (${s(critical)}); all ${courseCalls.length} calls back to back would take ${s(own(courseCalls))}`);
  console.log(`lesson regenerated (HTTP ${regen.status}) in ${s(tRegen)} = ${(tRegen / Math.max(1, own(regenCalls))).toFixed(2)} x its model time (${s(own(regenCalls))}, ${regenCalls.reduce((n, c) => n + c.outputTokens, 0)} tokens out)`);
  console.log(`tutor answered (HTTP ${tutor.status}) in ${s(tTutor)} = ${(tTutor / Math.max(1, own(tutorCalls))).toFixed(2)} x its model time`);
  console.log(`tokens per course: ${course.uso.tokensEntrada} in + ${course.uso.tokensSalida} out; estimated cost per course $${course.uso.costeEstimadoUSD.toFixed(4)} (recorded) / $${cost(courseCalls).toFixed(4)} (from the calls)`);
  console.log(`estimated cost per tutor message $${cost(tutorCalls).toFixed(5)} (${tutorCalls.reduce((n, c) => n + c.inputTokens, 0)} in + ${tutorCalls.reduce((n, c) => n + c.outputTokens, 0)} out); per lesson regeneration $${cost(regenCalls).toFixed(5)}`);
  console.log('same course at list prices with other models:');
  for (const model of ['amazon.nova-micro-v1:0', 'amazon.nova-lite-v1:0', 'amazon.nova-pro-v1:0', 'anthropic.claude-3-haiku-20240307-v1:0', 'anthropic.claude-haiku-4-5-20251001-v1:0', 'anthropic.claude-sonnet-4-5-20250929-v1:0']) {
    console.log(`  ${model.padEnd(44)} $${courseCalls.reduce((usd, c) => usd + costUsd(model, c.inputTokens, c.outputTokens), 0).toFixed(4)}`);
  }
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
