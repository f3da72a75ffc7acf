import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { offlineToolInput } from '../../../infra/local/offline-writer';
import type { OutlineHeader, OutlineModule } from '../../../lambdas/course-model';
import { moduleCheckpoints } from '../../../lambdas/pipeline/outline-stream';
import { courseModule } from '../../../lambdas/pipeline/outline-task';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { outlineModuleOutput, type Outline } from '../../../lambdas/shared/ai/schemas';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';

// Issue 42: the outline's tool input streams; a module is stored (shown, its lessons may start) only
// when it is complete, valid and next in order, and a module once shown stays whatever a later
// request of the same call answers (a cut answer asked again, a repair turn).

const outline = offlineToolInput('registrar_esquema_curso', { topic: 'Historia de Roma', level: 'intermedio', modulos: 3, leccionesPorModulo: 2 }) as unknown as Outline;
const json = JSON.stringify(outline);
const pieces = (text: string, size = 7) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
/** Where module `i`'s JSON ends in the answer's text. */
const endOf = (i: number) => json.indexOf(JSON.stringify(outline.modulos[i])) + JSON.stringify(outline.modulos[i]).length;

function checkpoints(kept: OutlineModule[] = [], most = 3) {
  const saved: { index: number; titulo: string; header?: OutlineHeader; at: number }[] = [];
  // How much of the answer had arrived when each module was taken (stores run after, in order).
  const takenAt: number[] = [];
  let fed = 0;
  const c = moduleCheckpoints({
    kept,
    most,
    prepare: (raw, index) => {
      const parsed = outlineModuleOutput.safeParse(raw);
      takenAt[index] = fed;
      return parsed.success ? courseModule(parsed.data, index) : undefined;
    },
    save: async (index, module, header) => void saved.push({ index, titulo: module.titulo, header, at: takenAt[index] }),
  });
  const feed = (text: string) => {
    const sink = c.sink();
    fed = 0;
    for (const p of pieces(text)) {
      fed += p.length;
      sink(p);
    }
  };
  return { c, saved, feed };
}

test('stores each module once its JSON is complete, in order; the course header, written after them, with none', async () => {
  const { c, saved, feed } = checkpoints();
  feed(json);
  const shown = await c.settled();
  expect(shown.map((m) => [m.moduleId, m.lecciones.map((l) => l.lessonId)])).toEqual([['m01', ['l01', 'l02']], ['m02', ['l01', 'l02']], ['m03', ['l01', 'l02']]]);
  expect(saved.map((s) => s.titulo)).toEqual(outline.modulos.map((m) => m.titulo));
  // Each was stored while the answer was still arriving: right after its own closing brace, before the next module was complete.
  saved.forEach((s, i) => {
    expect(s.at).toBeGreaterThanOrEqual(endOf(i));
    expect(s.at).toBeLessThan(endOf(i) + 7);
    expect(s.at).toBeLessThan(json.length);
  });
  // The outline's schema asks for the modules first: the header is stored when the outline ends (outline-task.ts).
  expect(Object.keys(outline)[0]).toBe('modulos');
  expect(saved.map((s) => s.header)).toEqual([undefined, undefined, undefined]);
});

test('a model that writes the course header first has it stored with the first module', async () => {
  const { modulos, ...header } = outline;
  const { c, saved, feed } = checkpoints();
  feed(JSON.stringify({ ...header, modulos }));
  expect((await c.settled()).map((m) => m.moduleId)).toEqual(['m01', 'm02', 'm03']);
  expect(saved[0].header).toEqual({ titulo: outline.titulo, descripcion: outline.descripcion, objetivos: outline.objetivos });
});

test('shows no module that fails the schema, and nothing after it from that answer', async () => {
  const bad = { ...outline, modulos: [outline.modulos[0], { ...outline.modulos[1], lecciones: [] }, outline.modulos[2]] };
  const { c, saved, feed } = checkpoints();
  feed(JSON.stringify(bad));
  expect((await c.settled()).map((m) => m.moduleId)).toEqual(['m01']);
  expect(saved.map((s) => s.index)).toEqual([0]);
});

test('never shows a module past the size asked, nor one whose JSON never closed', async () => {
  const limited = checkpoints([], 2);
  limited.feed(json);
  expect((await limited.c.settled()).map((m) => m.moduleId)).toEqual(['m01', 'm02']);

  // Cut in the middle of the second module (an answer stopped at its length cap).
  const cut = checkpoints();
  cut.feed(json.slice(0, endOf(1) - 20));
  expect((await cut.c.settled()).map((m) => m.moduleId)).toEqual(['m01']);
});

test('keeps the modules shown when the call is asked again, and takes only the rest from the new answer', async () => {
  const { c, saved, feed } = checkpoints();
  feed(json.slice(0, endOf(1) - 20));
  const again = { ...outline, modulos: outline.modulos.map((m, i) => ({ ...m, titulo: `${m.titulo} (bis ${i})` })) };
  feed(JSON.stringify(again));
  expect((await c.settled()).map((m) => m.titulo)).toEqual([outline.modulos[0].titulo, again.modulos[1].titulo, again.modulos[2].titulo]);
  expect(saved.map((s) => s.index)).toEqual([0, 1, 2]);
});

test('a store that fails is reported when the answer is settled', async () => {
  const c = moduleCheckpoints({
    kept: [],
    most: 3,
    prepare: (raw, index) => courseModule(outlineModuleOutput.parse(raw), index),
    save: () => Promise.reject(Object.assign(new Error('gone'), { name: 'RunSuperseded' })),
  });
  const sink = c.sink();
  for (const p of pieces(json)) sink(p);
  await expect(c.settled()).rejects.toMatchObject({ name: 'RunSuperseded' });
});

// The call itself: ConverseStream's events gathered into Converse's answer, validated as before.
const streamOf = (input: string, stopReason = 'tool_use') => ({
  stream: (async function* () {
    yield { messageStart: { role: 'assistant' } };
    yield { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: 't1', name: 'registrar_esquema_curso' } } } };
    for (const p of pieces(input, 40)) yield { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: p } } } };
    yield { contentBlockStop: { contentBlockIndex: 0 } };
    yield { messageStop: { stopReason } };
    yield { metadata: { usage: { inputTokens: 100, outputTokens: 50 }, metrics: { latencyMs: 1 } } };
  })(),
});

test('a streamed call cut at the length cap is asked again, as without streaming, and every request gets its own sink', async () => {
  const answers = [streamOf(json.slice(0, endOf(1) - 20), 'max_tokens'), streamOf(json)];
  const sent: string[] = [];
  const client = { send: async (command: { constructor: { name: string } }) => (sent.push(command.constructor.name), answers[sent.length - 1]) } as unknown as BedrockRuntimeClient;
  const { c, saved } = checkpoints();
  const result = await bedrockStructuredModel(client, { fast: 'f', strong: 's' })(prompts.outline, {}, { onStream: c.sink });
  expect(sent).toEqual(['ConverseStreamCommand', 'ConverseStreamCommand']);
  expect(result.value).toEqual(outline);
  expect(result.usage).toEqual({ inputTokens: 200, outputTokens: 100 });
  expect(saved.map((s) => s.index)).toEqual([0, 1, 2]);
});

test('a stream that breaks off with an exception fails the call under the SDK\'s error name, keeping the modules already shown', async () => {
  const broken = {
    stream: (async function* () {
      yield { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: 't1', name: 'registrar_esquema_curso' } } } };
      for (const p of pieces(json.slice(0, endOf(0) + 5), 40)) yield { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: p } } } };
      yield { modelStreamErrorException: { message: 'The model stopped' } };
    })(),
  };
  const client = { send: async () => broken } as unknown as BedrockRuntimeClient;
  const { c } = checkpoints();
  await expect(bedrockStructuredModel(client, { fast: 'f', strong: 's' })(prompts.outline, {}, { onStream: c.sink })).rejects.toBeDefined();
  expect((await c.settled()).map((m) => m.moduleId)).toEqual(['m01']);
});
