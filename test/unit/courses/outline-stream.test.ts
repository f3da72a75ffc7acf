import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { offlineToolInput } from '../../../infra/local/offline-writer';
import type { ModulePlan, OutlineHeader, OutlineModule } from '../../../lambdas/course-model';
import { moduleCheckpoints } from '../../../lambdas/pipeline/outline-stream';
import { courseModule } from '../../../lambdas/pipeline/outline-task';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { outlineModuleOutput, outlineModuleVisibleOutput, type Outline } from '../../../lambdas/shared/ai/schemas';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';

// Issue 42: the outline's tool input streams; a module is stored (shown, its lessons may start) only
// when it is complete, valid and next in order, and a module once shown stays whatever a later
// request of the same call answers (a cut answer asked again, a repair turn).

const outline = offlineToolInput('registrar_esquema_curso', { topic: 'Historia de Roma', level: 'intermedio', modulos: 3, leccionesPorModulo: 2 }) as unknown as Outline;
const json = JSON.stringify(outline);
const pieces = (text: string, size = 7) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
/** Where module `i`'s JSON ends in the answer's text. */
const endOf = (i: number) => json.indexOf(JSON.stringify(outline.modulos[i])) + JSON.stringify(outline.modulos[i]).length;
/** Where module `i`'s lessons (the last of what a learner sees of it) end in the answer's text. */
const lessonsEndOf = (i: number) => json.indexOf(JSON.stringify(outline.modulos[i].lecciones), json.indexOf(JSON.stringify(outline.modulos[i]))) + JSON.stringify(outline.modulos[i].lecciones).length;

function checkpoints(kept: OutlineModule[] | Promise<OutlineModule[]> = [], most = 3) {
  const saved: { index: number; titulo: string; header?: OutlineHeader; at: number; pending: boolean }[] = [];
  const plans: { index: number; plan: ModulePlan; at: number }[] = [];
  // How much of the answer had arrived when each module (or its plan) was taken (stores run after, in order).
  const takenAt: number[] = [];
  const visibleAt: number[] = [];
  let fed = 0;
  const c = moduleCheckpoints({
    kept,
    most,
    prepare: (raw, index) => {
      const parsed = outlineModuleOutput.safeParse(raw);
      takenAt[index] = fed;
      return parsed.success ? courseModule(parsed.data, index) : undefined;
    },
    prepareVisible: (raw, index) => {
      const parsed = outlineModuleVisibleOutput.safeParse(raw);
      visibleAt[index] = fed;
      return parsed.success ? courseModule(parsed.data, index) : undefined;
    },
    save: async (index, module, header) => void saved.push({ index, titulo: module.titulo, header, at: module.planPendiente ? visibleAt[index] : takenAt[index], pending: Boolean(module.planPendiente) }),
    completePlan: async (index, plan) => void plans.push({ index, plan, at: takenAt[index] }),
  });
  const feed = (text: string) => {
    const sink = c.sink();
    fed = 0;
    for (const p of pieces(text)) {
      fed += p.length;
      sink(p);
    }
  };
  return { c, saved, plans, feed };
}

test('shows each module once its lessons are complete, before the rest of its plan; stores its plan once its JSON is complete, in order; the course header, written after them, with none', async () => {
  const { c, saved, plans, feed } = checkpoints();
  feed(json);
  const shown = await c.settled();
  expect(shown.map((m) => [m.moduleId, m.lecciones.map((l) => l.lessonId)])).toEqual([['m01', ['l01', 'l02']], ['m02', ['l01', 'l02']], ['m03', ['l01', 'l02']]]);
  expect(saved.map((s) => s.titulo)).toEqual(outline.modulos.map((m) => m.titulo));
  // The schema (esquema-v5) puts the rest of a module's plan after its lessons, and the offline writer follows it.
  expect(Object.keys(outline.modulos[0])).toEqual(['titulo', 'descripcion', 'objetivos', 'lecciones', 'terminosClave', 'conceptosErroneos', 'ejemploConductor']);
  // Each was shown while the answer was still arriving: right after its lessons' closing bracket, its plan still to come.
  saved.forEach((s, i) => {
    expect(s.pending).toBe(true);
    expect(s.at).toBeGreaterThanOrEqual(lessonsEndOf(i));
    expect(s.at).toBeLessThan(lessonsEndOf(i) + 7);
    expect(s.at).toBeLessThan(endOf(i));
  });
  // Its plan (its lessons may start then) right after its own closing brace, before the next module was complete.
  expect(plans.map((p) => p.index)).toEqual([0, 1, 2]);
  plans.forEach((p, i) => {
    expect(p.at).toBeGreaterThanOrEqual(endOf(i));
    expect(p.at).toBeLessThan(endOf(i) + 7);
    expect(p.plan).toEqual(courseModule(outline.modulos[i], i).plan);
  });
  expect(shown.every((m) => m.plan && !m.planPendiente)).toBe(true);
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

  // Cut in the middle of the second module's lessons (an answer stopped at its length cap).
  const cut = checkpoints();
  cut.feed(json.slice(0, lessonsEndOf(1) - 20));
  expect((await cut.c.settled()).map((m) => m.moduleId)).toEqual(['m01']);
});

test('an answer cut between a module\'s lessons and the rest of its plan leaves it shown, its lessons waiting; the next answer completes its plan, not its lessons', async () => {
  const { c, saved, plans, feed } = checkpoints();
  feed(json.slice(0, endOf(1) - 20));
  const cut = await c.settled();
  expect(cut.map((m) => [m.moduleId, Boolean(m.planPendiente)])).toEqual([['m01', false], ['m02', true]]);
  expect(cut[1].plan).toBeUndefined();
  // A repair turn or a retry writes another outline: the module shown keeps its title, objectives and lessons and takes that answer's plan.
  const again = { ...outline, modulos: outline.modulos.map((m, i) => ({ ...m, titulo: `${m.titulo} (bis ${i})`, terminosClave: [...m.terminosClave, `término ${i}`] })) };
  feed(JSON.stringify(again));
  const shown = await c.settled();
  expect(shown.map((m) => m.titulo)).toEqual([outline.modulos[0].titulo, outline.modulos[1].titulo, again.modulos[2].titulo]);
  expect(shown[1]).toEqual({ ...cut[1], planPendiente: undefined, plan: { objetivos: cut[1].objetivos!.map((o) => o.enunciado), terminosClave: again.modulos[1].terminosClave, conceptosErroneos: again.modulos[1].conceptosErroneos, ejemploConductor: again.modulos[1].ejemploConductor } });
  expect('planPendiente' in shown[1]).toBe(false);
  expect(saved.map((s) => s.index)).toEqual([0, 1, 2]);
  expect(plans.map((p) => p.index)).toEqual([0, 1, 2]);
});

test('an outline that ends with a shown module still without its plan fails instead of leaving it so; the whole answer\'s module completes it', async () => {
  const first = checkpoints();
  first.feed(json.slice(0, endOf(0) - 10));
  expect((await first.c.settled()).map((m) => Boolean(m.planPendiente))).toEqual([true]);
  // The whole answer (e.g. from a model that did not stream, or a shorter answer) has no module there: the outline fails.
  await expect(first.c.complete([])).rejects.toThrow(/shown before its plan/);

  const second = checkpoints();
  second.feed(json.slice(0, endOf(0) - 10));
  const answer = outline.modulos.map((m, i) => courseModule(m, i));
  const shown = await second.c.complete(answer);
  expect(shown[0].plan).toEqual(answer[0].plan);
  expect(second.plans.map((p) => p.index)).toEqual([0]);
});

test('a module written in the old order (its plan before its lessons) is shown once, whole', async () => {
  const old = { ...outline, modulos: outline.modulos.map(({ lecciones, ...m }) => ({ ...m, lecciones })) };
  const { c, saved, plans, feed } = checkpoints();
  feed(JSON.stringify(old));
  expect((await c.settled()).every((m) => m.plan && !m.planPendiente)).toBe(true);
  expect(saved.map((s) => [s.index, s.pending])).toEqual([[0, false], [1, false], [2, false]]);
  expect(plans).toEqual([]);
});

test('a module whose visible part is invalid is not shown, and nothing after it', async () => {
  const bad = { ...outline, modulos: [outline.modulos[0], { ...outline.modulos[1], descripcion: 'corta' }, outline.modulos[2]] };
  const { c, saved, feed } = checkpoints();
  feed(JSON.stringify(bad));
  expect((await c.settled()).map((m) => m.moduleId)).toEqual(['m01']);
  expect(saved.map((s) => s.index)).toEqual([0]);
});

test('keeps the modules shown when the call is asked again, and takes only the rest from the new answer', async () => {
  const { c, saved, feed } = checkpoints();
  feed(json.slice(0, lessonsEndOf(1) - 20));
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
    prepareVisible: (raw, index) => courseModule(outlineModuleVisibleOutput.parse(raw), index),
    save: () => Promise.reject(Object.assign(new Error('gone'), { name: 'RunSuperseded' })),
    completePlan: () => Promise.resolve(),
  });
  const sink = c.sink();
  for (const p of pieces(json)) sink(p);
  await expect(c.settled()).rejects.toMatchObject({ name: 'RunSuperseded' });
});

// Issue 42: the course is read beside the model's request, so the modules kept from an earlier run may
// still be on their way when the first fragments arrive.
test('fragments that arrive before the kept modules are known wait for them: a kept module is not shown again', async () => {
  let answer!: (kept: OutlineModule[]) => void;
  const { c, saved, feed } = checkpoints(new Promise<OutlineModule[]>((r) => (answer = r)));
  feed(json);
  await new Promise((r) => setTimeout(r, 10));
  expect(saved).toEqual([]);
  const first = courseModule(outlineModuleOutput.parse(outline.modulos[0]), 0);
  answer([{ ...first, titulo: 'Guardado en el intento anterior' }]);
  const shown = await c.settled();
  expect(shown.map((m) => m.titulo)).toEqual(['Guardado en el intento anterior', outline.modulos[1].titulo, outline.modulos[2].titulo]);
  // Modules 2 and 3 shown (before their plans), none at the kept module's place.
  expect(saved.map((m) => [m.index, m.pending])).toEqual([[1, true], [2, true]]);
});

test('a kept read that fails shows nothing and fails the outline at its end', async () => {
  const { c, saved, feed } = checkpoints(Promise.reject(Object.assign(new Error('no responde'), { name: 'InternalServerError' })));
  feed(json);
  await expect(c.complete([])).rejects.toMatchObject({ name: 'InternalServerError' });
  expect(saved).toEqual([]);
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
