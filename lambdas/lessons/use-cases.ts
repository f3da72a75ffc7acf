import type { LessonRequest, LessonView } from '../contract';
import { modelFailure } from '../shared/ai/api-errors';
import { DIAGRAM_SPEND, writeLesson } from '../shared/ai/lesson-writer';
import { learnerLocale, previousSummaries, type LearnerProfiles } from '../shared/ai/lesson-context';
import type { QualityCounters } from '../shared/ai/quality-counters';
import type { StructuredModel, StructuredResult } from '../shared/ai/structured-output';
import { notFound } from '../shared/errors';
import { lessonProgress, type CourseStore, type GenerationStore } from '../course-model';
import type { Grounding } from '../grounding';
import { metered, type ModelAllowance } from '../plans';
import { type ModelJobDeps, startModelJob } from '../jobs';

const LESSON_NOT_FOUND = 'No encontramos esa lección en tu curso.';

export interface LessonDeps {
  store: CourseStore;
  gen: GenerationStore;
  model: StructuredModel;
  quality?: QualityCounters;
  /** The plan's daily regenerations (lambdas/plans): taken before the model is called, back if it fails. */
  allowance?: ModelAllowance;
  /** Issue 24: a lesson of a course built from materials is written again from its retrieved passages, as the pipeline does. */
  grounding?: Grounding;
  /** Issue 33: the learner's profile, for their country and form of address (tú when absent or unreadable). */
  learner?: LearnerProfiles;
}

/**
 * Writes one lesson again (or for the first time, if the pipeline had not reached it). Only the
 * lesson's content changes: the learner's progress on it and on every other lesson stays.
 */
export async function generateLesson(deps: LessonDeps, userId: string, req: LessonRequest): Promise<LessonView> {
  // The whole course, as the pipeline's Lesson task reads it (issue 33): the lessons already written
  // give their summaries, and the learner's profile their country and form of address.
  const [items, alumno] = await Promise.all([deps.store.items(userId, req.courseId), learnerLocale(deps.learner, userId)]);
  const course = items?.course;
  const module = course?.modulos?.find((m) => m.moduleId === req.moduleId);
  const lesson = module?.lecciones.find((l) => l.lessonId === req.lessonId);
  if (!items || !course || !module || !lesson) throw notFound(LESSON_NOT_FOUND);
  const anteriores = previousSummaries(course.modulos ?? [], items.lessons, module.moduleId, lesson.lessonId);
  const { result, saved } = await metered(deps.allowance, userId, async () => {
    // Never from the model's memory for a grounded course: without retrieval wired, the job fails.
    if (course.materiales?.length && !deps.grounding) throw new Error('This course is built from materials but the lesson job has no grounding');
    const pasajes = course.materiales?.length
      ? await deps.grounding!.passages(userId, course.materiales, [lesson.titulo, lesson.resumen, ...(module.plan?.objetivos ?? [])].join('. '))
      : undefined;
    const written = await writeLesson(deps.model, { course, module, lessonId: lesson.lessonId, anteriores, alumno, ...(pasajes && { pasajes }) }, deps.quality).catch(modelFailure);
    const stored = await deps.gen.saveLesson(userId, req.courseId, req.moduleId, req.lessonId, written.markdown, 'fuentes' in written ? written.fuentes : undefined);
    if (!stored) throw notFound(LESSON_NOT_FOUND);
    return { result: written, saved: stored };
  });
  const spend = (r: Omit<StructuredResult<unknown>, 'value'>, purpose: string) => deps.gen.spend(userId, req.courseId, { usage: r.usage, modelId: r.modelId, promptVersion: r.promptVersion, purpose, demo: r.demo });
  await Promise.all([spend(result, 'lesson'), ...(result.repair ? [spend(result.repair, DIAGRAM_SPEND)] : [])]);
  return { lessonId: lesson.lessonId, titulo: lesson.titulo, resumen: lesson.resumen, estado: 'lista', contenido: saved.contenido, ...(saved.fuentes?.length && { fuentes: saved.fuentes }), progreso: lessonProgress(course, req.moduleId, req.lessonId, saved.progreso) ?? 'pendiente' };
}

export interface LessonJobDeps {
  store: CourseStore;
  jobs: ModelJobDeps;
  /** The plan's daily regenerations (lambdas/plans): the route takes one, a failed job gives it back. */
  allowance: ModelAllowance;
}

/** POST /lesson/generate: checks the lesson is the learner's, then writes it in a model job (no waiting on the model). */
export async function startLessonRegeneration(deps: LessonJobDeps, userId: string, req: LessonRequest) {
  const course = await deps.store.get(userId, req.courseId);
  const lesson = course?.modulos?.find((m) => m.moduleId === req.moduleId)?.lecciones.find((l) => l.lessonId === req.lessonId);
  if (!course || !lesson) throw notFound(LESSON_NOT_FOUND);
  return startModelJob(deps.jobs, deps.allowance, userId, 'leccion', req, req.courseId);
}
