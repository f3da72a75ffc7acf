import { evaluationTask } from '../../../lambdas/pipeline/tasks';
import { prompts, renderPrompt } from '../../../lambdas/shared/ai/prompts';
import { unfenceData } from '../../../lambdas/shared/ai/prompts/fence';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import type { CourseStore } from '../../../lambdas/course-model/course-store';
import type { GenerationStore } from '../../../lambdas/course-model/generation-store';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { SHOWCASE } from '../../../infra/local/showcase';
import { course } from '../tutor/fakes';

// Issue 33 item 3: "every prompt uses them". A module's questions address the learner as its lessons
// do (the profile's form of address and country, fenced data), tú and no country when the profile is unreadable.

const c = course();
const mod = c.modulos[0];
const lesson = SHOWCASE[0].modulos[0].lecciones[0].leccion;
const store = {
  items: async () => ({ course: c, lessons: mod.lecciones.map((l) => ({ moduleId: mod.moduleId, lessonId: l.lessonId, estado: 'lista', contenido: lessonMarkdown(lesson) })), evaluations: [] }),
} as unknown as CourseStore;
const gen = new Proxy({}, { get: () => async () => ({}) }) as GenerationStore;
const input = { course: { userId: 'ana', courseId: 'c1', jobId: 'j1', topic: c.topic, level: c.nivel, objetivos: [], modulos: 2, leccionesPorModulo: 2 }, resume: false, titulo: c.titulo, module: mod };

async function evaluationData(learner: { get(userId: string): Promise<{ pais?: string; tratamiento?: 'tu' | 'usted' | 'vos' } | undefined> }) {
  const seen: Record<string, unknown>[] = [];
  // No question comes back, so the bank fails after its first call: only what the writer was asked matters here.
  const model = (async (_spec: unknown, data: Record<string, unknown>) => {
    seen.push(data);
    return { value: { preguntas: [] }, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'v', demo: false };
  }) as unknown as StructuredModel;
  await evaluationTask({ model, gen, store, learner }, input).catch(() => undefined);
  return seen[0];
}

it("asks for the module's questions in the learner's form of address and country, as fenced data", async () => {
  const data = await evaluationData({ get: async () => ({ pais: 'CO', tratamiento: 'usted' }) });
  expect(data.alumno).toEqual({ pais: 'Colombia', tratamiento: 'usted' });
  const text = renderPrompt(prompts.evaluation, data);
  expect(text).toMatch(/Dirígete al alumno de usted \(tiene, puede, fíjese\)/);
  expect(text.split('DATOS (JSON):')[0]).not.toContain('Colombia');
  expect(JSON.parse(unfenceData(text)!).alumno.pais).toBe('Colombia');
});

it('falls back to tú and no country when the profile cannot be read', async () => {
  const data = await evaluationData({ get: () => Promise.reject(new Error('down')) });
  expect(data.alumno).toEqual({ tratamiento: 'tu' });
  expect(renderPrompt(prompts.evaluation, data)).toMatch(/Dirígete al alumno de tú.*No sabemos en qué país vive el alumno/s);
});
