import type { CourseStore, CourseItems } from '../../../lambdas/course-model/course-store';
import type { GenerationStore } from '../../../lambdas/course-model/generation-store';
import type { GenerationInput } from '../../../lambdas/course-model/ports';
import { offlineToolInput } from '../../../infra/local/offline-writer';
import { evaluationTask, finalizeTask, lessonTask, markFailedTask, outlineTask } from '../../../lambdas/pipeline/tasks';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';

const course: GenerationInput['course'] = { userId: 'u1', courseId: 'c1', jobId: 'j1', topic: 'Python', level: 'principiante', objetivos: [], modulos: 2, leccionesPorModulo: 2 };
const outline = {
  titulo: 'Python', descripcion: 'Un curso', objetivos: ['a', 'b'],
  modulos: [1, 2].map((m) => ({ titulo: `Módulo ${m}`, descripcion: 'Descripción', lecciones: [1, 2].map((l) => ({ titulo: `Lección ${l}`, resumen: 'Resumen' })) })),
};

function fakes(opts: { items?: Partial<CourseItems>; lessonState?: string } = {}) {
  const log: string[] = [];
  const model = (async (spec: { tool: string }) => {
    log.push(`model ${spec.tool}`);
    return { value: spec.tool === 'registrar_esquema_curso' ? outline : { contenido: '## x' }, usage: { inputTokens: 1, outputTokens: 2 }, modelId: 'm', promptVersion: 'v', demo: false };
  }) as unknown as StructuredModel;
  const gen = new Proxy({}, {
    get: (_t, name: string) => async (...args: unknown[]) => {
      log.push(`${name} ${JSON.stringify(args.slice(2)).slice(0, 80)}`);
      return name === 'contentState' ? opts.lessonState : name === 'saveLesson' ? {} : true;
    },
  }) as GenerationStore;
  const store = {
    items: async () => opts.items,
    get: async () => opts.items?.course,
    fail: async (_u: string, _c: string, _j: string, m: string) => void log.push(`fail ${m}`),
  } as unknown as CourseStore;
  return { log, deps: { model, gen, store } };
}

describe('pipeline tasks', () => {
  it('give modules and lessons positional ids and count the real total in the job (a step per module)', async () => {
    const { deps, log } = fakes();
    const out = await outlineTask(deps, { course, resume: false });
    expect(out.modulos.map((m) => [m.moduleId, m.lecciones.map((l) => l.lessonId)])).toEqual([['m01', ['l01', 'l02']], ['m02', ['l01', 'l02']]]);
    expect(log.at(-1)).toBe('updateJob [{"step":"contenido","done":2,"total":9}]');
  });

  it('write no more modules or lessons than asked when the model answers a longer outline', async () => {
    const { deps, log } = fakes();
    const long = { ...outline, modulos: Array.from({ length: 8 }, (_, m) => ({ titulo: `Módulo ${m}`, descripcion: 'D', lecciones: Array.from({ length: 6 }, (_, l) => ({ titulo: `Lección ${l}`, resumen: 'R' })) })) };
    const model = (async (spec: { tool: string }) => {
      log.push(`model ${spec.tool}`);
      return { value: long, usage: { inputTokens: 1, outputTokens: 2 }, modelId: 'm', promptVersion: 'v', demo: false };
    }) as unknown as StructuredModel;
    const out = await outlineTask({ ...deps, model }, { course, resume: false });
    expect(out.modulos.map((m) => m.lecciones.length)).toEqual([2, 2]);
    const saved = log.find((l) => l.startsWith('completeOutline'))!;
    expect(saved).toBeDefined();
    expect(log.at(-1)).toBe('updateJob [{"step":"contenido","done":2,"total":9}]');
  });

  it('skip a lesson already written when generating a failed course again', async () => {
    const { deps, log } = fakes({ lessonState: 'lista' });
    const input = { course, resume: true, titulo: 'Python', module: { moduleId: 'm01', titulo: 'M', descripcion: '', lecciones: [] }, lesson: { lessonId: 'l01', titulo: 'L', resumen: '' } };
    expect(await lessonTask(deps, input)).toEqual({ lessonId: 'l01', skipped: true });
    expect(log.some((l) => l.startsWith('model'))).toBe(false);
  });

  it('refuse to call a course ready while a lesson is missing', async () => {
    const items = {
      course: { modulos: [{ moduleId: 'm01', lecciones: [{ lessonId: 'l01' }, { lessonId: 'l02' }] }] },
      lessons: [{ moduleId: 'm01', lessonId: 'l01', estado: 'lista' }, { moduleId: 'm01', lessonId: 'l02', estado: 'pendiente' }],
      evaluations: [{ moduleId: 'm01', estado: 'lista' }],
    } as unknown as CourseItems;
    const { deps, log } = fakes({ items });
    await expect(finalizeTask(deps, { course, resume: false })).rejects.toMatchObject({ name: 'CourseIncomplete' });
    expect(log.some((l) => l.startsWith('finishCourse'))).toBe(false);
  });

  it('mark the course failed with a Spanish message that says how to retry', async () => {
    const { deps, log } = fakes();
    await markFailedTask(deps, { course, resume: false, error: { Error: 'ModelThrottled', Cause: 'x' } });
    expect(log).toEqual(['fail El servicio de IA está muy ocupado en este momento. Inténtalo de nuevo en unos minutos. Puedes reintentar la generación desde tu panel.']);
  });

  it('settle the run\'s AI budget hold under its job id when the run fails or is ready, before the job says completed (issue 31)', async () => {
    const { deps, log } = fakes();
    const budget = { meterFor: () => async () => undefined, settle: async (u: string, j: string) => void log.push(`settle ${u}/${j}`) };
    await markFailedTask({ ...deps, budget }, { course, resume: false, error: { Error: 'ModelThrottled', Cause: 'x' } });
    expect(log.at(-1)).toBe('settle u1/j1');
    const items = {
      course: { modulos: [{ moduleId: 'm01', lecciones: [{ lessonId: 'l01' }] }] },
      lessons: [{ moduleId: 'm01', lessonId: 'l01', estado: 'lista' }],
      evaluations: [{ moduleId: 'm01', estado: 'lista' }],
    } as unknown as CourseItems;
    const ready = fakes({ items });
    await finalizeTask({ ...ready.deps, budget: { ...budget, settle: async (u: string, j: string) => void ready.log.push(`settle ${u}/${j}`) } }, { course, resume: false });
    const settledAt = ready.log.indexOf('settle u1/j1');
    expect(settledAt).toBeGreaterThan(-1);
    expect(ready.log.findIndex((l) => l.includes('"status":"completado"'))).toBeGreaterThan(settledAt);
  });

  it("write a module's evaluation bank from the text of its written lessons, not from the outline", async () => {
    const text = (topic: string) =>
      `## ${topic}\n\n### Idea\n\nLa variable ${topic} guarda un valor que el programa puede cambiar más adelante.\n\n` +
      `Un bucle ${topic} repite las mismas instrucciones mientras se cumple su condición de parada.\n\n` +
      `La función ${topic} agrupa instrucciones con un nombre para reutilizarlas en varios lugares.`;
    const items = {
      course: { modulos: [] },
      lessons: [
        { moduleId: 'm01', lessonId: 'l01', estado: 'lista', contenido: text('contador') },
        { moduleId: 'm01', lessonId: 'l02', estado: 'lista', contenido: text('acumulador') },
        { moduleId: 'm02', lessonId: 'l01', estado: 'lista', contenido: text('ajena') },
      ],
      evaluations: [],
    } as unknown as CourseItems;
    const { deps, log } = fakes({ items });
    const seen: string[] = [];
    deps.model = (async (spec: { tool: string; schema: { parse: (x: unknown) => unknown }; version: string }, data: Record<string, unknown>) => {
      seen.push(JSON.stringify(data));
      return { value: spec.schema.parse(offlineToolInput(spec.tool, JSON.parse(JSON.stringify(data)))), usage: { inputTokens: 1, outputTokens: 2 }, modelId: spec.tool, promptVersion: spec.version, demo: true };
    }) as unknown as StructuredModel;
    const module = { moduleId: 'm01', titulo: 'Variables', descripcion: 'Datos', lecciones: [{ lessonId: 'l01', titulo: 'Contadores', resumen: 'r' }, { lessonId: 'l02', titulo: 'Acumuladores', resumen: 'r' }] };
    const out = await evaluationTask(deps, { course, resume: false, titulo: 'Python', module });
    expect(out.preguntas).toBeGreaterThanOrEqual(10);
    expect(seen[0]).toContain('La variable contador guarda un valor');
    expect(seen[0]).not.toContain('ajena');
    expect(seen.some((d) => d.includes('ajena'))).toBe(false);
    // One spend per model call, in the order they answered (a bank's batches run side by side): each batch of
    // questions and the verifier's verdicts on it.
    const spent = log.filter((l) => l.startsWith('spend')).map((l) => /"modelId":"(\w+)"/.exec(l)?.[1]);
    expect(spent).toHaveLength(seen.length);
    const calls = (tool: string) => spent.filter((t) => t === tool).length;
    expect(calls('registrar_evaluacion')).toBeGreaterThanOrEqual(1);
    expect(calls('verificar_preguntas')).toBe(calls('registrar_evaluacion'));
    expect(calls('registrar_evaluacion') + calls('verificar_preguntas')).toBe(spent.length);
  });
});
