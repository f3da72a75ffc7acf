import type { CourseDetail, EvaluationResult, LessonView, ModuleView } from '../../../../lambdas/contract/courses';
import type { ProgressResponse } from './api';

// Pure updates of the course the page holds, from what the server answered (percentages are
// always the server's, never recomputed here).

export interface LessonRef {
  moduleId: string;
  lessonId: string;
}

export const allLessons = (c: CourseDetail): (LessonRef & { module: ModuleView; lesson: LessonView })[] =>
  c.modulos.flatMap((module) => module.lecciones.map((lesson) => ({ moduleId: module.moduleId, lessonId: lesson.lessonId, module, lesson })));

export function findLesson(c: CourseDetail, ref: Partial<LessonRef>) {
  return allLessons(c).find((l) => l.moduleId === ref.moduleId && l.lessonId === ref.lessonId);
}

/** The lesson to open when the address names none: the last one touched, else the first. */
export function startingLesson(c: CourseDetail) {
  return (c.ultimaLeccion && findLesson(c, c.ultimaLeccion)) || allLessons(c)[0];
}

export function neighbours(c: CourseDetail, ref: LessonRef) {
  const list = allLessons(c);
  const i = list.findIndex((l) => l.moduleId === ref.moduleId && l.lessonId === ref.lessonId);
  return { previous: i > 0 ? list[i - 1] : undefined, next: i >= 0 && i < list.length - 1 ? list[i + 1] : undefined };
}

export function applyProgress(c: CourseDetail, p: ProgressResponse): CourseDetail {
  // An answer without the lesson (an older server) leaves the page as it was rather than breaking it.
  if (!p?.leccion) return c;
  const byModule = new Map((p.modulos ?? []).map((m) => [m.moduleId, m.progreso]));
  return {
    ...c,
    progreso: p.progreso ?? c.progreso,
    ultimaLeccion: { moduleId: p.leccion.moduleId, lessonId: p.leccion.lessonId },
    modulos: c.modulos.map((m) => ({
      ...m,
      progreso: byModule.get(m.moduleId) ?? m.progreso,
      lecciones:
        m.moduleId === p.leccion.moduleId
          ? m.lecciones.map((l) => (l.lessonId === p.leccion.lessonId ? { ...l, progreso: p.leccion.estado } : l))
          : m.lecciones,
    })),
  };
}

export function replaceLesson(c: CourseDetail, moduleId: string, lesson: LessonView): CourseDetail {
  return {
    ...c,
    modulos: c.modulos.map((m) => (m.moduleId === moduleId ? { ...m, lecciones: m.lecciones.map((l) => (l.lessonId === lesson.lessonId ? lesson : l)) } : m)),
  };
}

export function applyEvaluationResult(c: CourseDetail, moduleId: string, r: EvaluationResult): CourseDetail {
  return {
    ...c,
    modulos: c.modulos.map((m) => {
      if (m.moduleId !== moduleId) return m;
      const intentos = [...m.evaluacion.intentos, { intento: r.intento, score: r.score, aprobado: r.aprobado, fecha: new Date().toISOString() }];
      return { ...m, evaluacion: { ...m.evaluacion, estado: 'lista', intentos, aprobada: m.evaluacion.aprobada || r.aprobado } };
    }),
  };
}

/** A module is done when its lessons are completed and its evaluation passed. */
export const moduleDone = (m: ModuleView) => m.evaluacion.aprobada && m.lecciones.every((l) => l.progreso === 'completado');

/**
 * Finished as the certificate rule counts it (lambdas/certificates/completion.ts): a written course,
 * every lesson completed and every module's evaluation passed.
 */
export function courseFinished(c: CourseDetail) {
  return c.estado === 'listo' && c.modulos.length > 0 && c.modulos.every(moduleDone);
}

/** The first module whose lessons are all done but whose evaluation is not passed yet: the next step. */
export function evaluationDue(c: CourseDetail) {
  const i = c.modulos.findIndex((m) => !m.evaluacion.aprobada && m.lecciones.length > 0 && m.lecciones.every((l) => l.progreso === 'completado'));
  return i < 0 ? undefined : { module: c.modulos[i], number: i + 1 };
}

/** Whether a progress answer finishes a module or the course: then it is a moment, not a toast. */
export function finishesSomething(c: CourseDetail | undefined, p: ProgressResponse) {
  if (!c) return false;
  const after = applyProgress(c, p);
  return after.modulos.some((m, i) => moduleDone(m) && !moduleDone(c.modulos[i]));
}
