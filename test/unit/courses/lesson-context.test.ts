import { lessonPromptData } from '../../../lambdas/shared/ai/lesson-writer';
import { PREVIOUS_SUMMARIES, SUMMARY_CHARS, lessonSummary, previousSummaries } from '../../../lambdas/shared/ai/lesson-context';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { prompts, renderPrompt } from '../../../lambdas/shared/ai/prompts';
import { unfenceData } from '../../../lambdas/shared/ai/prompts/fence';
import { lessonTask } from '../../../lambdas/pipeline/tasks';
import { generateLesson } from '../../../lambdas/lessons';
import type { CourseStore } from '../../../lambdas/course-model/course-store';
import type { GenerationStore } from '../../../lambdas/course-model/generation-store';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { SHOWCASE } from '../../../infra/local/showcase';
import { course } from '../tutor/fakes';

// Issue 33 item 3: a lesson is written knowing the course — its outline, the objectives it teaches,
// what the lessons before it said — and the learner's country and form of address, all as fenced data.

const objetivos = [
  { id: 'o1', enunciado: 'Explica qué es un vector con un ejemplo', bloom: 'comprender' as const },
  { id: 'o2', enunciado: 'Suma dos vectores con la regla del paralelogramo', bloom: 'aplicar' as const },
];
const c = course();
const mod = { ...c.modulos[0], objetivos, lecciones: [{ ...c.modulos[0].lecciones[0], objetivos: ['o1'] }, { ...c.modulos[0].lecciones[1], objetivos: ['o2'] }] };
const sample = SHOWCASE[0].modulos[0].lecciones[0].leccion;
const written = (moduleId: string, lessonId: string, resumen: string[]) => ({ moduleId, lessonId, estado: 'lista', contenido: lessonMarkdown({ ...sample, resumen }) });

describe('the lesson prompt knows the course', () => {
  const data = lessonPromptData({
    course: { ...c, modulos: c.modulos }, module: mod, lessonId: 'l02',
    anteriores: [{ titulo: 'Qué es un vector', resumen: 'Un vector tiene magnitud y dirección; el ejemplo fue un barco.' }],
    alumno: { pais: 'Argentina', tratamiento: 'vos' },
  });
  const text = renderPrompt(prompts.lesson, data);
  const fenced = JSON.parse(unfenceData(text)!);

  it('carries the objectives this lesson teaches, with their Bloom level, and not the others', () => {
    expect(data.objetivosLeccion).toEqual([objetivos[1]]);
    expect(text).toMatch(/Enseña los "objetivosLeccion"/);
  });

  it('carries the whole outline with this lesson marked, and the summaries of the lessons before', () => {
    expect(data.temario).toEqual([
      { modulo: 'Vectores', lecciones: ['Qué es un vector', 'Suma de vectores (esta lección)'] },
      { modulo: 'Matrices', lecciones: ['Qué es una matriz', 'Producto de matrices'] },
    ]);
    expect(data.resumenesAnteriores[0].resumen).toContain('el ejemplo fue un barco');
    expect(text).toMatch(/usa un ejemplo propio distinto de los suyos/);
  });

  it('asks for the form of address and the country, with the learner data only inside the fence', () => {
    expect(text).toMatch(/Dirígete al alumno de vos \(tenés, podés/);
    expect(text).toMatch(/números de emergencia/);
    expect(fenced.alumno).toEqual({ pais: 'Argentina', tratamiento: 'vos' });
    // Everything above the data marker is fixed text: the learner's country is referenced, never pasted in.
    expect(text.split('DATOS (JSON):')[0]).not.toContain('Argentina');
  });

  it('addresses the learner with tú when the profile says nothing', () => {
    const plain = renderPrompt(prompts.lesson, lessonPromptData({ course: c, module: mod, lessonId: 'l01' }));
    expect(plain).toMatch(/Dirígete al alumno de tú/);
    expect(plain).toMatch(/No sabemos en qué país vive el alumno/);
    expect(JSON.parse(unfenceData(plain)!).alumno).toEqual({ tratamiento: 'tu' });
    expect(renderPrompt(prompts.lesson, lessonPromptData({ course: c, module: mod, lessonId: 'l01', alumno: { tratamiento: 'usted' } }))).toMatch(/de usted \(tiene, puede, fíjese\)/);
  });
});

describe('previous summaries', () => {
  it("are each written lesson's Resumen bullets, bounded", () => {
    expect(lessonSummary(written('m01', 'l01', ['El ISO amplifica la señal.', 'La apertura controla la luz.']).contenido)).toBe('El ISO amplifica la señal. La apertura controla la luz.');
    expect(lessonSummary(written('m01', 'l01', [`${'palabra '.repeat(100)}final.`]).contenido).length).toBeLessThanOrEqual(SUMMARY_CHARS);
  });

  it('come from lessons before this one in course order, written only, the nearest few', () => {
    const modulos = Array.from({ length: 3 }, (_, m) => ({ moduleId: `m0${m + 1}`, titulo: `M${m}`, lecciones: Array.from({ length: 4 }, (_, l) => ({ lessonId: `l0${l + 1}`, titulo: `L${m}${l}`, resumen: '' })) }));
    const all = modulos.flatMap((m) => m.lecciones.map((l) => written(m.moduleId, l.lessonId, [`Resumen de ${l.titulo}.`])));
    const pending = { ...all[1], estado: 'pendiente' };
    const got = previousSummaries(modulos, [all[0], pending, ...all.slice(2)], 'm03', 'l01');
    expect(got).toHaveLength(PREVIOUS_SUMMARIES);
    expect(got.map((s) => s.titulo)).toEqual(['L02', 'L03', 'L10', 'L11', 'L12', 'L13']);
    expect(previousSummaries(modulos, all, 'm01', 'l02').map((s) => s.resumen)).toEqual(['Resumen de L00.']);
    expect(previousSummaries(modulos, [all[0]], 'm01', 'l01')).toEqual([]);
  });

  it('keep the prompt bounded on the largest course with the longest titles and summaries', () => {
    const long = (n: number) => 'Título largo de una lección que no acaba nunca '.repeat(4).slice(0, 160 - String(n).length) + n;
    const modulos = Array.from({ length: 10 }, (_, m) => ({ moduleId: `m${String(m + 1).padStart(2, '0')}`, titulo: long(m), lecciones: Array.from({ length: 8 }, (_, l) => ({ lessonId: `l0${l + 1}`, titulo: long(l), resumen: long(l) })) }));
    const all = modulos.flatMap((m) => m.lecciones.map((l) => written(m.moduleId, l.lessonId, [`${'idea '.repeat(200)}.`])));
    const last = modulos[9];
    const anteriores = previousSummaries(modulos, all, last.moduleId, 'l08');
    const text = renderPrompt(prompts.lesson, lessonPromptData({ course: { ...c, modulos }, module: { ...last, descripcion: 'd' }, lessonId: 'l08', anteriores }));
    expect(text.length).toBeLessThan(20_000);
  });
});

it("the pipeline's lesson task gives the writer the summaries written so far and the learner's country and address", async () => {
  const seen: Record<string, unknown>[] = [];
  const model = (async (_spec: unknown, data: Record<string, unknown>) => {
    seen.push(data);
    return { value: sample, usage: { inputTokens: 1, outputTokens: 2 }, modelId: 'm', promptVersion: 'v', demo: false };
  }) as unknown as StructuredModel;
  const stored = { ...c, modulos: [mod, c.modulos[1]] };
  const store = { items: async () => ({ course: stored, lessons: [written('m01', 'l01', ['Un vector tiene magnitud y dirección.'])], evaluations: [] }) } as unknown as CourseStore;
  const gen = new Proxy({}, { get: () => async () => ({}) }) as GenerationStore;
  const learner = { get: async () => ({ pais: 'MX', tratamiento: 'usted' as const }) };
  const input = { course: { userId: 'ana', courseId: 'c1', jobId: 'j1', topic: c.topic, level: c.nivel, objetivos: [], modulos: 2, leccionesPorModulo: 2 }, resume: false, titulo: c.titulo };
  await lessonTask({ model, gen, store, learner }, { ...input, module: mod, lesson: mod.lecciones[1] });
  expect(seen[0]).toMatchObject({ resumenesAnteriores: [{ titulo: 'Qué es un vector', resumen: 'Un vector tiene magnitud y dirección.' }], alumno: { pais: 'México', tratamiento: 'usted' }, objetivosLeccion: [objetivos[1]] });
  // A profile that cannot be read costs the lesson nothing: tú, no country.
  await lessonTask({ model, gen, store, learner: { get: () => Promise.reject(new Error('down')) } }, { ...input, module: mod, lesson: mod.lecciones[0] });
  expect(seen[1]).toMatchObject({ resumenesAnteriores: [], alumno: { tratamiento: 'tu' } });
});

it('a lesson written again (POST /lesson/generate) gets the same summaries and the same country and address', async () => {
  const seen: Record<string, unknown>[] = [];
  const model = (async (_spec: unknown, data: Record<string, unknown>) => {
    seen.push(data);
    return { value: sample, usage: { inputTokens: 1, outputTokens: 2 }, modelId: 'm', promptVersion: 'v', demo: false };
  }) as unknown as StructuredModel;
  const stored = { ...c, modulos: [mod, c.modulos[1]] };
  const lessons = [written('m01', 'l01', ['Un vector tiene magnitud y dirección.']), written('m01', 'l02', ['Se suman con el paralelogramo.'])];
  const store = { get: async () => stored, items: async () => ({ course: stored, lessons, evaluations: [] }) } as unknown as CourseStore;
  const gen = new Proxy({}, { get: () => async (...args: unknown[]) => ({ contenido: args[4] }) }) as GenerationStore;
  const request = { courseId: 'c1', moduleId: 'm02', lessonId: 'l01' };
  await generateLesson({ model, gen, store, learner: { get: async () => ({ pais: 'AR', tratamiento: 'vos' as const }) } }, 'ana', request);
  expect(seen[0]).toMatchObject({
    resumenesAnteriores: [
      { titulo: 'Qué es un vector', resumen: 'Un vector tiene magnitud y dirección.' },
      { titulo: 'Suma de vectores', resumen: 'Se suman con el paralelogramo.' },
    ],
    alumno: { pais: 'Argentina', tratamiento: 'vos' },
  });
  expect((seen[0].temario as { modulo: string }[]).map((m) => m.modulo)).toEqual(['Vectores', 'Matrices']);
  // Without a profile store (or with one that fails): tú, no country, as the pipeline does.
  await generateLesson({ model, gen, store, learner: { get: () => Promise.reject(new Error('down')) } }, 'ana', request);
  expect(seen[1]).toMatchObject({ alumno: { tratamiento: 'tu' } });
});
