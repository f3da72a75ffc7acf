import { BedrockFault, type ConverseReply, type ConverseRequest } from '../../../infra/local/bedrock-protocol';
import { startPipelineHarness, waitFor } from './support/pipeline-harness';

// The real state machine runner and handlers over real connections, with a scripted model:
// each test's topic picks how the model misbehaves. Retries wait 20 ms here instead of seconds.

type Script = (req: ConverseRequest, next: () => Promise<ConverseReply>, call: number) => Promise<ConverseReply>;
const scripts = new Map<string, Script>();
const calls = new Map<string, number>();
const toolOf = (req: ConverseRequest) => req.toolConfig?.toolChoice?.tool?.name ?? '';

let h: Awaited<ReturnType<typeof startPipelineHarness>>;
beforeAll(async () => {
  h = await startPipelineHarness({
    intercept: (req, next) => {
      const text = JSON.stringify(req.messages);
      for (const [topic, script] of scripts) {
        if (!text.includes(topic)) continue;
        const key = `${topic}|${toolOf(req)}`;
        calls.set(key, (calls.get(key) ?? 0) + 1);
        return script(req, next, calls.get(key)!);
      }
      return next();
    },
  });
}, 240_000); // the harness starts DynamoDB Local: a bound, not a pace
// Opens the gate of the checkpoint test even when it fails, so no execution is left waiting.
let release = () => undefined as void;
afterAll(async () => {
  release();
  await h.close();
});

async function plan(sub: string, topic: string) {
  const res = await h.call(sub, 'POST', '/courses/plan', { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  expect(res.status).toBe(200);
  return { courseId: res.body.curso.courseId as string, jobId: res.body.jobId as string };
}
const finished = (sub: string, jobId: string) =>
  waitFor(async () => {
    const job = (await h.call(sub, 'GET', `/jobs/${jobId}`)).body.data;
    return job.status !== 'en_proceso' && job;
  });
const course = async (sub: string, id: string) => (await h.call(sub, 'GET', `/courses/${id}`)).body.data;
const garbage = async (req: ConverseRequest): Promise<ConverseReply> => ({
  content: [{ toolUse: { toolUseId: 'x', name: toolOf(req), input: { sinSentido: true } } }],
  usage: { inputTokens: 1, outputTokens: 1 },
});

describe('the generation pipeline when the model misbehaves', () => {
  it('fails the course clearly when the model answers garbage, after one repair and no blind retries', async () => {
    scripts.set('Tema basura', garbage);
    const { courseId, jobId } = await plan('u-garbage', 'Tema basura');
    const job = await finished('u-garbage', jobId);
    expect(job).toMatchObject({ status: 'error', step: 'error', error: expect.stringMatching(/controles de calidad.*reintentar/) });
    expect(await course('u-garbage', courseId)).toMatchObject({ estado: 'error', error: job.error });
    expect(calls.get('Tema basura|registrar_esquema_curso')).toBe(2);
  });

  it('retries throttling with backoff and finishes the course', async () => {
    scripts.set('Tema congestionado', async (req, next, n) => {
      if (toolOf(req) === 'registrar_esquema_curso' && n <= 2) throw new BedrockFault('ThrottlingException', 429, 'Rate exceeded');
      return next();
    });
    const { courseId, jobId } = await plan('u-throttle', 'Tema congestionado');
    expect(await finished('u-throttle', jobId)).toMatchObject({ status: 'completado' });
    expect((await course('u-throttle', courseId)).estado).toBe('listo');
    expect(calls.get('Tema congestionado|registrar_esquema_curso')).toBe(3);
  });

  it('marks the course failed, not generating, when the model is always down, and can generate it again', async () => {
    let down = true;
    scripts.set('Tema caído', async (_req, next) => {
      if (down) throw new BedrockFault('ServiceUnavailableException', 503, 'down');
      return next();
    });
    const { courseId, jobId } = await plan('u-down', 'Tema caído');
    expect(await finished('u-down', jobId)).toMatchObject({ status: 'error', error: expect.stringMatching(/no respondió a tiempo/) });
    expect((await course('u-down', courseId)).estado).toBe('error');
    // The state machine's 3 attempts, each trying the routed model and then its fallback (model-table.ts FALLBACKS).
    expect(calls.get('Tema caído|registrar_esquema_curso')).toBe(6);

    down = false;
    const retry = await h.call('u-down', 'POST', `/courses/${courseId}/retry`);
    expect(retry.status).toBe(200);
    expect(await finished('u-down', retry.body.jobId)).toMatchObject({ status: 'completado', done: 9, total: 9 });
    const again = await course('u-down', courseId);
    expect(again).toMatchObject({ estado: 'listo', jobId: retry.body.jobId });
    expect(again.error).toBeUndefined();
  });

  it('marks only the lesson that cannot be written as error, finishes the rest, and the learner retries that lesson', async () => {
    let broken = true;
    scripts.set('Tema roto', async (req, next) => {
      const text = req.messages[0].content[0].text ?? '';
      const target = toolOf(req) === 'registrar_leccion' && text.includes('"leccion":{"titulo":"Ejemplo guiado') && text.includes('"modulo":{"titulo":"Fundamentos');
      if (broken && target) throw new BedrockFault('ValidationException', 400, 'bad');
      return next();
    });
    const { courseId, jobId } = await plan('u-broken', 'Tema roto');
    expect(await finished('u-broken', jobId)).toMatchObject({ status: 'completado', done: 9, total: 9, costeEstimadoUSD: expect.any(Number) });
    const c = await course('u-broken', courseId);
    expect(c.estado).toBe('listo');
    const states = c.modulos.flatMap((m: any) => m.lecciones.map((l: any) => `${m.moduleId}/${l.lessonId}:${l.estado}`));
    expect(states.filter((x: string) => x.endsWith(':error'))).toHaveLength(1);
    expect(states.filter((x: string) => x.endsWith(':lista'))).toHaveLength(3);

    broken = false;
    const [moduleId, lessonId] = states.find((x: string) => x.endsWith(':error'))!.split(':')[0].split('/');
    const again = await h.call('u-broken', 'POST', '/lesson/generate', { courseId, moduleId, lessonId });
    expect(again.status).toBe(202);
    expect(await finished('u-broken', again.body.jobId)).toMatchObject({ status: 'completado', result: { kind: 'leccion', moduleId, lessonId } });
    const fixed = await course('u-broken', courseId);
    expect(fixed.modulos.flatMap((m: any) => m.lecciones.map((l: any) => l.estado))).toEqual(['lista', 'lista', 'lista', 'lista']);
  });

  it('only generates a failed course again', async () => {
    const { courseId, jobId } = await plan('u-ok', 'Tema normal');
    await finished('u-ok', jobId);
    expect(await h.call('u-ok', 'POST', `/courses/${courseId}/retry`)).toMatchObject({ status: 409, body: { success: false } });
  });
});

describe('checkpoints', () => {
  it('show the outline while lessons are still being written, then each lesson as it finishes', async () => {
    const gate = new Promise<void>((r) => (release = r));
    scripts.set('Tema paciente', async (req, next) => {
      if (toolOf(req) === 'registrar_leccion' || toolOf(req) === 'registrar_evaluacion') await gate;
      return next();
    });
    const { courseId, jobId } = await plan('u-wait', 'Tema paciente');
    // The outline streams module by module (issue 42): wait for the whole of it.
    const early = await waitFor(async () => {
      const c = await course('u-wait', courseId);
      return c.modulos.length === 2 && c;
    });
    expect(early.estado).toBe('generando');
    expect(early.modulos.flatMap((m: any) => m.lecciones.map((l: any) => l.estado))).toEqual(['pendiente', 'pendiente', 'pendiente', 'pendiente']);
    const job = await waitFor(async () => {
      const j = (await h.call('u-wait', 'GET', `/jobs/${jobId}`)).body.data;
      return j.step === 'contenido' && j.done === 2 && j;
    });
    // A step per module of the outline, then the lessons, the evaluations and the final check.
    expect(job).toMatchObject({ status: 'en_proceso', done: 2, total: 9 });
    release();
    expect(await finished('u-wait', jobId)).toMatchObject({ status: 'completado', done: 9 });
  });
});
