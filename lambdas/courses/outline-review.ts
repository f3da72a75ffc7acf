import type { OutlineEdit } from '../contract';
import { AppError, conflict, notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import { outlineLimit } from '../plans';
import { applyOutlineEdit, type CourseItem, type CourseStore, type OutlineReviewStore } from '../course-model';
import type { TaskCallback } from './task-callback';

export interface OutlineReviewDeps {
  store: CourseStore;
  review: OutlineReviewStore;
  callback: TaskCallback;
}

const NOT_IN_REVIEW = 'Este curso no está esperando la revisión del temario: ya se confirmó o se siguió con el temario propuesto.';
const RESUME_FAILED = 'Guardamos tu temario, pero no pudimos reanudar la generación. Se reanudará sola en unas horas.';

/**
 * PUT /courses/{id}/outline: stores the learner's outline (renamed, reordered, modules and lessons
 * added or removed within COURSE_SHAPE, checked by zod, and never more modules or lessons per
 * module than the course was asked with: a 400 in Spanish) and resumes the pipeline, which then
 * writes the lessons of this outline. Only while the course is `revisando_temario`.
 */
export async function confirmOutline(deps: OutlineReviewDeps, userId: string, courseId: string, edit: OutlineEdit) {
  const course: (CourseItem & { temarioToken?: string }) | undefined = await deps.store.get(userId, courseId);
  if (!course) throw notFound('No encontramos ese curso.');
  if (course.estado !== 'revisando_temario' || !course.temarioToken) throw conflict(NOT_IN_REVIEW);
  // No larger than the request (checked against the plan when the course was created).
  const modulos = applyOutlineEdit(course.modulos, edit, outlineLimit(course.solicitud));
  const lessons = modulos.reduce((n, m) => n + m.lecciones.length, 0);
  // The job counts a step per module of the outline as written (done, issue 42), every lesson, every evaluation and the final check.
  const total = course.modulos.length + lessons + modulos.length + 1;
  if (!(await deps.review.confirm({ ...course, temarioToken: course.temarioToken }, modulos, total))) throw conflict(NOT_IN_REVIEW);
  try {
    await deps.callback.success(course.temarioToken, { titulo: course.titulo, modulos });
  } catch (error) {
    // The outline is stored; if the wait timed out meanwhile, its timeout path reads this same stored outline.
    logger.error('could not resume the course after its outline review', { error: error as Error, courseId });
    if ((error as Error).name !== 'TaskTimedOut') throw new AppError(503, RESUME_FAILED, 'WorkflowUnavailable');
  }
  return { courseId, estado: 'generando' as const, modulos: modulos.map((m) => ({ moduleId: m.moduleId, titulo: m.titulo, lecciones: m.lecciones.map((l) => ({ lessonId: l.lessonId, titulo: l.titulo })) })) };
}
