import type { ConverseRequest } from '../../../infra/local/bedrock-protocol';
import { startPipelineHarness, waitFor } from './support/pipeline-harness';

// Issue 42 on the real state machine runner and handlers: the outline's tool input streams through
// AWS's own client, each module appears (and its lessons start) while the rest of the outline is
// still being written, and a stream that breaks fails the course cleanly. The local Bedrock holds
// or breaks a stream on the test's word (streamGate), so nothing here depends on timing.

const toolOf = (req: ConverseRequest) => req.toolConfig?.toolChoice?.tool?.name ?? '';
const TOPICS = ['Cocina mediterránea', 'Astronomía básica', 'Jardinería urbana', 'Carpintería básica'];
const topicOf = (req: ConverseRequest) => TOPICS.find((t) => JSON.stringify(req.messages).includes(t)) ?? '';
/** How many modules' JSON is complete in the outline's input sent so far (brackets counted outside strings). */
function modulesIn(sent: string) {
  const start = sent.indexOf('"modulos":[');
  if (start < 0) return 0;
  let depth = 0;
  let quoted = false;
  let complete = 0;
  for (let i = start + '"modulos":['.length; i < sent.length; i++) {
    const ch = sent[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0 && ch === '}') complete++;
    }
  }
  return complete;
}
const pastFirstModule = (sent: string) => modulesIn(sent) >= 1;
/** The first module's lessons are complete and the rest of its plan is being written (esquema-v5: its key terms follow its lessons). */
const pastFirstLessons = (sent: string) => modulesIn(sent) === 0 && sent.includes('"terminosClave"');

/** Per topic: what the gate does past the first module, or past `at` (hold until released, or break the stream). */
const gates = new Map<string, { mode: 'hold' | 'fail'; open: Promise<void>; release: () => void; at?: (sent: string) => boolean }>();
const lessonCalls: string[] = [];
const PLAN_FIELDS = ['terminosClave', 'conceptosErroneos', 'ejemploConductor'];
/** The lesson requests' data, per topic: what each lesson was written from. */
const lessonData: { topic: string; modulo: string }[] = [];
/** Per topic: lesson calls wait for this (the job's count is read before any lesson moves it). */
const lessonGates = new Map<string, { open: Promise<void>; release: () => void }>();

let h: Awaited<ReturnType<typeof startPipelineHarness>>;
beforeAll(async () => {
  h = await startPipelineHarness({
    intercept: async (req, next) => {
      if (toolOf(req) === 'registrar_leccion') {
        lessonCalls.push(topicOf(req));
        lessonData.push({ topic: topicOf(req), modulo: JSON.stringify(req.messages) });
        await lessonGates.get(topicOf(req))?.open;
      }
      return next();
    },
    streamGate: async (req, sent) => {
      const gate = toolOf(req) === 'registrar_esquema_curso' ? gates.get(topicOf(req)) : undefined;
      if (!gate || !(gate.at ?? pastFirstModule)(sent)) return;
      if (gate.mode === 'fail') return 'fail';
      await gate.open;
    },
  });
}, 240_000); // the harness starts DynamoDB Local: a bound, not a pace
afterAll(async () => {
  for (const g of gates.values()) g.release();
  for (const g of lessonGates.values()) g.release();
  await h.close();
});

function gate(topic: string, mode: 'hold' | 'fail', at?: (sent: string) => boolean) {
  let release = () => undefined as void;
  const open = new Promise<void>((r) => (release = r));
  gates.set(topic, { mode, open, release, at });
  return release;
}
async function plan(sub: string, topic: string) {
  const res = await h.call(sub, 'POST', '/courses/plan', { topic, level: 'principiante', modulos: 3, leccionesPorModulo: 2 });
  expect(res.status).toBe(200);
  return { courseId: res.body.curso.courseId as string, jobId: res.body.jobId as string };
}
const course = async (sub: string, id: string) => (await h.call(sub, 'GET', `/courses/${id}`)).body.data;
const job = async (sub: string, id: string) => (await h.call(sub, 'GET', `/jobs/${id}`)).body.data;
const finished = (sub: string, jobId: string) => waitFor(async () => (await job(sub, jobId)).status !== 'en_proceso' && job(sub, jobId), 120_000, 100);

it('shows the first module and writes its lessons while the rest of the outline is still being written', async () => {
  const release = gate('Cocina mediterránea', 'hold');
  let releaseLessons = () => undefined as void;
  const lessonsOpen = new Promise<void>((r) => (releaseLessons = r));
  lessonGates.set('Cocina mediterránea', { open: lessonsOpen, release: releaseLessons });
  const { courseId, jobId } = await plan('u-stream', 'Cocina mediterránea');
  // The outline's stream is held right after its first module: that module is on the course, with its lessons pending.
  const early = await waitFor(async () => {
    const c = await course('u-stream', courseId);
    return c.modulos.length > 0 && c;
  }, 60_000, 50);
  expect(early).toMatchObject({ estado: 'generando', temarioParcial: true });
  expect(early.modulos.map((m: any) => m.moduleId)).toEqual(['m01']);
  expect(early.modulos[0].lecciones.map((l: any) => l.lessonId)).toEqual(['l01', 'l02']);
  // The module moves the job one step; its lessons are held, so nothing else can have moved it yet
  // (the job is written right after the module, hence a wait and not a single read).
  expect(await waitFor(async () => {
    const j = await job('u-stream', jobId);
    return j.done > 0 && j;
  }, 60_000, 50)).toMatchObject({ step: 'contenido', done: 1 });
  releaseLessons();
  // Its lessons are written though the outline has not ended (its stream is still held).
  const written = await waitFor(async () => {
    const c = await course('u-stream', courseId);
    return c.modulos[0].lecciones.every((l: any) => l.estado === 'lista') && c;
  }, 60_000, 50);
  expect(written.modulos).toHaveLength(1);
  expect(written.temarioParcial).toBe(true);
  expect(lessonCalls.filter((t) => t === 'Cocina mediterránea')).toHaveLength(2);
  release();
  expect(await finished('u-stream', jobId)).toMatchObject({ status: 'completado', done: 3 + 6 + 3 + 1, total: 13 });
  const done = await course('u-stream', courseId);
  expect(done).toMatchObject({ estado: 'listo' });
  expect(done.temarioParcial).toBeUndefined();
  expect(done.modulos.map((m: any) => m.moduleId)).toEqual(['m01', 'm02', 'm03']);
  // Each lesson written once: the first module's were not written again when the outline ended.
  expect(lessonCalls.filter((t) => t === 'Cocina mediterránea')).toHaveLength(6);
}, 300_000); // bounds for a loaded machine, not paces: each wait ends when its condition holds

it('fails the course cleanly when the outline\'s stream breaks, keeps the module shown, and a retry writes the rest', async () => {
  gate('Astronomía básica', 'fail');
  const { courseId, jobId } = await plan('u-broken', 'Astronomía básica');
  const failed = await finished('u-broken', jobId);
  expect(failed).toMatchObject({ status: 'error', error: expect.stringMatching(/Puedes reintentar la generación desde tu panel\.$/) });
  const c = await course('u-broken', courseId);
  expect(c).toMatchObject({ estado: 'error', temarioParcial: true, error: failed.error });
  expect(c.modulos.map((m: any) => m.moduleId)).toEqual(['m01']);
  const shown = c.modulos[0].titulo;
  // Nothing moves once the run is over: no late lesson or outline write revives the course.
  await h.pipeline.sfn.settled();
  expect(await course('u-broken', courseId)).toMatchObject({ estado: 'error' });

  gates.delete('Astronomía básica');
  const retry = await h.call('u-broken', 'POST', `/courses/${courseId}/retry`);
  expect(retry.status).toBe(200);
  expect(await finished('u-broken', retry.body.jobId)).toMatchObject({ status: 'completado' });
  const again = await course('u-broken', courseId);
  expect(again).toMatchObject({ estado: 'listo' });
  expect(again.modulos.map((m: any) => m.moduleId)).toEqual(['m01', 'm02', 'm03']);
  expect(again.modulos[0].titulo).toBe(shown);
  expect(again.modulos.flatMap((m: any) => m.lecciones.map((l: any) => l.estado))).toEqual(Array(6).fill('lista'));
}, 300_000);

it('shows the first module once its lessons are written, before the rest of its plan, and starts its lessons only with its plan', async () => {
  const release = gate('Jardinería urbana', 'hold', pastFirstLessons);
  const { courseId, jobId } = await plan('u-visible', 'Jardinería urbana');
  // The stream is held while the first module's key terms, misconceptions and running example are being written: it is shown already.
  const early = await waitFor(async () => {
    const c = await course('u-visible', courseId);
    return c.modulos.length > 0 && c;
  }, 60_000, 50);
  expect(early).toMatchObject({ estado: 'generando', temarioParcial: true });
  expect(early.modulos.map((m: any) => m.moduleId)).toEqual(['m01']);
  expect(early.modulos[0].objetivos.length).toBeGreaterThan(0);
  expect(early.modulos[0].lecciones.map((l: any) => [l.lessonId, l.estado])).toEqual([['l01', 'pendiente'], ['l02', 'pendiente']]);
  // Its lessons wait for its plan, which the held stream has not written.
  expect(lessonCalls.filter((t) => t === 'Jardinería urbana')).toEqual([]);
  release();
  expect(await finished('u-visible', jobId)).toMatchObject({ status: 'completado', done: 3 + 6 + 3 + 1, total: 13 });
  const done = await course('u-visible', courseId);
  expect(done).toMatchObject({ estado: 'listo' });
  expect(done.modulos[0].titulo).toBe(early.modulos[0].titulo);
  // Every lesson was written from its module's whole plan.
  const written = lessonData.filter((l) => l.topic === 'Jardinería urbana');
  expect(written).toHaveLength(6);
  for (const l of written) for (const field of PLAN_FIELDS) expect(l.modulo).toContain(field);
}, 300_000); // bounds for a loaded machine, not paces: each wait ends when its condition holds

it('an outline cut between the first module\'s lessons and the rest of its plan fails cleanly, writes none of its lessons, and a retry completes its plan', async () => {
  gate('Carpintería básica', 'fail', pastFirstLessons);
  const { courseId, jobId } = await plan('u-cut', 'Carpintería básica');
  const failed = await finished('u-cut', jobId);
  expect(failed).toMatchObject({ status: 'error', error: expect.stringMatching(/Puedes reintentar la generación desde tu panel\.$/) });
  const c = await course('u-cut', courseId);
  expect(c).toMatchObject({ estado: 'error', temarioParcial: true });
  expect(c.modulos.map((m: any) => m.moduleId)).toEqual(['m01']);
  await h.pipeline.sfn.settled();
  // No lesson was written without its module's plan.
  expect(lessonCalls.filter((t) => t === 'Carpintería básica')).toEqual([]);

  gates.delete('Carpintería básica');
  const retry = await h.call('u-cut', 'POST', `/courses/${courseId}/retry`);
  expect(retry.status).toBe(200);
  expect(await finished('u-cut', retry.body.jobId)).toMatchObject({ status: 'completado' });
  const again = await course('u-cut', courseId);
  expect(again).toMatchObject({ estado: 'listo' });
  expect(again.temarioParcial).toBeUndefined();
  expect(again.modulos.map((m: any) => m.moduleId)).toEqual(['m01', 'm02', 'm03']);
  expect(again.modulos[0]).toMatchObject({ titulo: c.modulos[0].titulo, lecciones: c.modulos[0].lecciones.map((l: any) => expect.objectContaining({ titulo: l.titulo, estado: 'lista' })) });
  const written = lessonData.filter((l) => l.topic === 'Carpintería básica');
  expect(written).toHaveLength(6);
  for (const l of written) for (const field of PLAN_FIELDS) expect(l.modulo).toContain(field);
}, 300_000);
