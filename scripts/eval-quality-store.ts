import type { CourseItem, EvaluationItem, LessonItem } from '../lambdas/courses/course-items';
import type { CourseStore } from '../lambdas/courses/course-store';
import type { GenerationStore, Spend } from '../lambdas/courses/generation-store';

// The course and generation stores in memory, for the quality report: the pipeline's tasks run
// unchanged and write here instead of DynamoDB, so a case needs no local stack and takes milliseconds.

export function memoryStores(course: CourseItem) {
  const lessons = new Map<string, LessonItem>();
  const evaluations = new Map<string, EvaluationItem>();
  const spends: Spend[] = [];
  const key = (m: string, l?: string) => (l ? `${m}/${l}` : m);
  const items = () => ({ course, lessons: [...lessons.values()], evaluations: [...evaluations.values()] });
  const store = {
    get: async () => course,
    items: async () => items(),
    fail: async (_u: string, _c: string, _j: string, message: string) => void Object.assign(course, { estado: 'error', error: message }),
  } as unknown as CourseStore;
  const gen = {
    async saveOutline(_u: string, _c: string, o: Pick<CourseItem, 'titulo' | 'descripcion' | 'objetivos' | 'modulos'>, spend: Spend) {
      Object.assign(course, o);
      for (const m of o.modulos) for (const l of m.lecciones) lessons.set(key(m.moduleId, l.lessonId), { courseId: course.courseId, moduleId: m.moduleId, lessonId: l.lessonId, estado: 'pendiente', progreso: 'pendiente' });
      spends.push(spend);
    },
    contentState: async (_u: string, _c: string, m: string, l?: string) => (l ? lessons.get(key(m, l))?.estado : evaluations.get(m)?.estado),
    async saveLesson(_u: string, _c: string, m: string, l: string, contenido: string) {
      const item = lessons.get(key(m, l));
      if (item) Object.assign(item, { contenido, estado: 'lista' });
      return item;
    },
    saveEvaluation: async (_u: string, _c: string, e: EvaluationItem) => void evaluations.set(e.moduleId, e),
    spend: async (_u: string, _c: string, s: Spend) => void spends.push(s),
    updateJob: async () => undefined,
    finishCourse: async (_u: string, _c: string, estado: 'listo' | 'error') => Boolean(Object.assign(course, { estado })),
  } as unknown as GenerationStore;
  return { store, gen, items, spends };
}
