import { randomUUID } from 'node:crypto';
import type { EvaluationItem, OutlineModule } from '../courses/course-items';
import type { CourseStore } from '../courses/course-store';
import type { GenerationStore } from '../courses/generation-store';
import type { StructuredModel } from '../shared/ai/structured-output';
import { buildQuestionBank } from './question-bank';

export interface ModuleBankDeps {
  model: StructuredModel;
  gen: GenerationStore;
  store: CourseStore;
}

export class LessonsMissing extends Error {
  override name = 'LessonsMissing';
}

/**
 * Writes and stores a module's question bank from the text of its written lessons (the pipeline
 * runs it after the module's lessons; regeneration runs it again). Records every model call's spend.
 */
export async function writeModuleBank(
  deps: ModuleBankDeps,
  userId: string,
  courseId: string,
  curso: { topic: string; level: string; titulo: string },
  module: OutlineModule,
): Promise<EvaluationItem> {
  const items = await deps.store.items(userId, courseId, true);
  const titles = new Map(module.lecciones.map((l) => [l.lessonId, l.titulo]));
  const lecciones = (items?.lessons ?? [])
    .filter((l) => l.moduleId === module.moduleId && l.estado === 'lista' && l.contenido && titles.has(l.lessonId))
    .map((l) => ({ lessonId: l.lessonId, titulo: titles.get(l.lessonId) as string, contenido: l.contenido as string }));
  if (!lecciones.length) throw new LessonsMissing(`Module ${module.moduleId} has no written lesson to ask about`);
  // The module plan (objectives) exists on courses outlined since issue 12.
  const plan = (module as OutlineModule & { plan?: { objetivos?: string[] } }).plan;
  const { preguntas, calls } = await buildQuestionBank(deps.model, {
    curso,
    modulo: { titulo: module.titulo, descripcion: module.descripcion, ...(plan?.objetivos && { objetivos: plan.objetivos }) },
    lecciones,
  });
  const item = { courseId, moduleId: module.moduleId, estado: 'lista' as const, version: randomUUID(), preguntas };
  await deps.gen.saveEvaluation(userId, courseId, item);
  for (const { purpose, result: r } of calls) {
    await deps.gen.spend(userId, courseId, { usage: r.usage, modelId: r.modelId, promptVersion: r.promptVersion, purpose, demo: r.demo });
  }
  return item;
}
