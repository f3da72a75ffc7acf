// Issue 11, "tutor first words": the streamed tutor (lambdas/tutor/stream-chat.ts) against the model
// table's pace (time to first token, then tokens per second; no fixed latency). Reports the time from
// the request to the first text the learner sees, and from the model's first token to it (target
// <= 1.5 s: the sentence buffer and the leak checks are all that stand between), the whole answer,
// and the estimated cost per tutor message (the streamed call plus the paraphrase verifier).
import type { ConverseRequest } from '../../infra/local/bedrock-protocol';
import { costUsd, specOf } from '../../lambdas/shared/ai/model-table';
import { modelIdsFromEnv } from '../../lambdas/shared/ai/models';
import { streamTutorChat, type TutorEvent } from '../../lambdas/tutor/stream-chat';
import { startPipelineHarness, waitFor } from '../../test/integration/courses/support/pipeline-harness';
import { localTutorDeps } from './tutor-deps';

interface Call {
  tool: string;
  modelId: string;
  inputTokens: number;
  outputTokens: number;
  at: number;
}

const MESSAGES = ['¿Qué diferencia hay entre una lista y una tupla?', '¿Me das un ejemplo de la idea principal de esta lección?', '¿Cómo practico lo que explica esta lección?'];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const calls: Call[] = [];
  const h = await startPipelineHarness({
    timing: 'model',
    faults: '',
    seed: 11,
    intercept: async (req: ConverseRequest, next) => {
      const at = performance.now();
      const reply = await next();
      calls.push({ tool: req.toolConfig?.toolChoice?.tool?.name ?? 'texto', modelId: req.modelId, inputTokens: reply.usage.inputTokens, outputTokens: reply.usage.outputTokens, at });
      return reply;
    },
  });
  const user = 'bench-tutor-stream';
  const plan = await h.call(user, 'POST', '/courses/plan', { topic: 'Programación en Python', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  const { curso: { courseId } } = plan.body as { curso: { courseId: string } };
  await waitFor(async () => ((await h.call(user, 'GET', `/courses/${courseId}`)).body as { data: { estado: string } }).data.estado !== 'generando', 600_000, 200);

  const deps = localTutorDeps();
  console.log(`Tutor first words at the model table's pace (model ${modelIdsFromEnv().tutor}, ${specOf(modelIdsFromEnv().tutor)?.ttftMs} ms to first token)`);
  const rows: string[] = [];
  for (const message of MESSAGES) {
    const before = calls.length;
    const t0 = performance.now();
    let first = 0;
    let deltas = 0;
    let done: Extract<TutorEvent, { type: 'done' }> | undefined;
    await streamTutorChat(deps, user, { courseId, moduleId: 'm01', lessonId: 'l01', message }, (e) => {
      if (e.type === 'delta' && !first) first = performance.now();
      if (e.type === 'delta') deltas++;
      if (e.type === 'done') done = e;
    });
    const total = performance.now() - t0;
    const mine = calls.slice(before);
    const streamed = mine.find((c) => c.tool === 'responder_al_alumno')!;
    // The local endpoint sends the first frame exactly the model's time to first token after the request reaches it.
    const modelFirstToken = streamed.at + (specOf(streamed.modelId)?.ttftMs ?? 0);
    const cost = mine.reduce((usd, c) => usd + costUsd(c.modelId, c.inputTokens, c.outputTokens), 0);
    rows.push(
      `  request -> first words ${s(first - t0)}; model's first token -> first words ${s(first - modelFirstToken)} (target <= 1.50 s) ${first - modelFirstToken <= 1500 ? 'PASS' : 'OVER'}; ` +
      `whole answer ${s(total)} in ${deltas} pieces, ${done?.data.tipo}; ${mine.length} model call(s), $${cost.toFixed(5)}`,
    );
  }
  rows.forEach((r) => console.log(r));
  const tutorCalls = calls.filter((c) => c.tool === 'responder_al_alumno' || c.tool === 'revisar_respuesta_tutor');
  const per = tutorCalls.reduce((usd, c) => usd + costUsd(c.modelId, c.inputTokens, c.outputTokens), 0) / MESSAGES.length;
  console.log(`estimated cost per tutor message: $${per.toFixed(5)} (streamed answer + paraphrase verifier when the reply touches a pending question)`);
  await h.close();
}

process.env.POWERTOOLS_LOG_LEVEL = 'CRITICAL';
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
