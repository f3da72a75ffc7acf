import { offlineToolInput } from '../../../infra/local/offline-writer';
import { BANK_BATCH, BANK_SIZE, batchMaxTokens, buildQuestionBank } from '../../../lambdas/evaluations/question-bank';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { ModelError } from '../../../lambdas/shared/ai/model-errors';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { BANK_INPUT } from './fixtures';

// Issue 42: a bank's batches are small (a batch's call is the longest on a module's path to ready),
// and the first one starts alone: the others start when its answer begins, so they read the module's
// lessons from the prompt cache it wrote instead of each writing them (docs/pipeline.md "Evaluations").

const result = <T>(value: T, tool: string) => ({ value, usage: { inputTokens: 10, outputTokens: 20 }, modelId: tool, promptVersion: 'v', demo: false });
const tick = () => new Promise((r) => setTimeout(r, 5));

/** The offline writer behind a model that logs when each writing call starts, answers and ends; `streams`: whether it tells onStream. */
function loggingModel(streams: boolean) {
  const events: string[] = [];
  const maxTokens: number[] = [];
  const model = (async (spec, data, options) => {
    const writing = spec.tool === prompts.evaluation.tool;
    const lote = String((data as { lote?: number }).lote);
    if (writing) {
      events.push(`start ${lote}`);
      maxTokens.push(spec.maxTokens);
      await tick();
      if (streams && options?.onStream) {
        const sink = options.onStream();
        events.push(`answer begins ${lote}`);
        sink('{"preguntas":[');
      }
      await tick();
      events.push(`end ${lote}`);
    }
    return result(spec.schema.parse(offlineToolInput(spec.tool, JSON.parse(JSON.stringify(data)))), spec.tool);
  }) as StructuredModel;
  return { model, events, maxTokens };
}

it('starts the first batch alone and the others once its answer begins', async () => {
  const { model, events } = loggingModel(true);
  await buildQuestionBank(model, BANK_INPUT);
  const batches = Math.ceil(BANK_SIZE / BANK_BATCH);
  expect(events.slice(0, 2)).toEqual(['start 1', 'answer begins 1']);
  // Every other batch of the first round started after that, and before the first one ended.
  const begun = events.indexOf('answer begins 1');
  const others = Array.from({ length: batches - 1 }, (_, i) => events.indexOf(`start ${i + 2}`));
  for (const at of others) expect(at).toBeGreaterThan(begun);
  expect(Math.min(...others)).toBeLessThan(events.indexOf('end 1'));
});

it('starts the others when the first batch ends if the model does not say when its answer begins', async () => {
  const { model, events } = loggingModel(false);
  const { preguntas } = await buildQuestionBank(model, BANK_INPUT);
  expect(preguntas.length).toBeGreaterThanOrEqual(BANK_SIZE);
  expect(events.slice(0, 2)).toEqual(['start 1', 'end 1']);
});

it('asks for batches of BANK_BATCH at a cap of their own, not the prompt\'s whole maxTokens', async () => {
  const { model, maxTokens } = loggingModel(true);
  await buildQuestionBank(model, BANK_INPUT);
  expect(BANK_BATCH).toBeLessThan(8);
  expect(maxTokens.length).toBeGreaterThanOrEqual(BANK_SIZE / BANK_BATCH);
  for (const cap of maxTokens) expect(cap).toBeLessThanOrEqual(batchMaxTokens(BANK_BATCH));
  expect(batchMaxTokens(BANK_BATCH)).toBeLessThan(prompts.evaluation.maxTokens);
});

// A batch whose answer stays invalid after its repair turn loses only its own questions: the next
// round writes them again. It used to fail the module's Evaluation state (not retried), and with it the
// course (the CI drill generation-under-faults failed so: three retries in a row ended "controles de calidad").
describe('a batch the model answers invalid twice', () => {
  const invalid = () => Object.assign(new ModelError('InvalidModelOutput', 'evaluación: el modelo no devolvió una respuesta válida tras una reparación'), { usage: { inputTokens: 5, outputTokens: 5 } });
  const offline = (spec: Parameters<StructuredModel>[0], data: unknown) => result(spec.schema.parse(offlineToolInput(spec.tool, JSON.parse(JSON.stringify(data)))), spec.tool);

  it('costs the bank its questions only: the next round writes them, and the calls that answered are counted', async () => {
    let verifierCalls = 0;
    const model = (async (spec, data) => {
      const lote = (data as { lote?: number }).lote;
      if (spec.tool === prompts.evaluation.tool && lote === 2) throw invalid();
      // The first batch's verifier fails too: its writing call answered and still counts.
      if (spec.tool === prompts.verifier.tool && verifierCalls++ === 0) throw invalid();
      return offline(spec, data);
    }) as StructuredModel;
    const { preguntas, calls } = await buildQuestionBank(model, BANK_INPUT);
    expect(preguntas.length).toBeGreaterThanOrEqual(BANK_SIZE);
    const writes = calls.filter((c) => c.purpose === 'evaluation').length;
    // Every round-0 batch but lote 2 answered (the one whose verifier failed included), plus the refills.
    expect(writes).toBeGreaterThanOrEqual(Math.ceil(BANK_SIZE / BANK_BATCH));
  });

  it('still fails the bank when too few questions survive, and lets a throttle through for the state machine to retry', async () => {
    const alwaysInvalid = (async () => { throw invalid(); }) as StructuredModel;
    await expect(buildQuestionBank(alwaysInvalid, BANK_INPUT)).rejects.toMatchObject({ name: 'InvalidModelOutput', message: expect.stringContaining('Solo 0 preguntas') });
    const throttled = (async () => { throw new ModelError('ModelThrottled', 'throttled'); }) as StructuredModel;
    await expect(buildQuestionBank(throttled, BANK_INPUT)).rejects.toMatchObject({ name: 'ModelThrottled' });
  });
});
