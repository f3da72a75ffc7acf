import type { CourseItem, EvaluationItem, LessonItem, ModulePlan, OutlineModule } from '../lambdas/course-model/course-items';
import type { OutlineHeader } from '../lambdas/course-model/outline-writes';
import type { CourseStore } from '../lambdas/course-model/course-store';
import type { GenerationStore, Spend } from '../lambdas/course-model/generation-store';

// The course and generation stores in memory, for the quality report: the pipeline's tasks run
// unchanged and write here instead of DynamoDB, so a case needs no local stack and takes milliseconds.

export function memoryStores(course: CourseItem) {
  const lessons = new Map<string, LessonItem>();
  const evaluations = new Map<string, EvaluationItem>();
  const spends: Spend[] = [];
  const key = (m: string, l?: string) => (l ? `${m}/${l}` : m);
  const items = () => ({ course, lessons: [...lessons.values()], evaluations: [...evaluations.values()] });
  const store = {
    get: () => Promise.resolve(course),
    items: () => Promise.resolve(items()),
    fail: (_u: string, _c: string, _j: string, message: string) => Promise.resolve(void Object.assign(course, { estado: 'error', error: message })),
  } as unknown as CourseStore;
  const pending = (m: OutlineModule) => {
    for (const l of m.lecciones) lessons.set(key(m.moduleId, l.lessonId), { courseId: course.courseId, moduleId: m.moduleId, lessonId: l.lessonId, estado: 'pendiente', progreso: 'pendiente' });
  };
  const gen = {
    // Issue 42: the outline streams; its modules are stored one by one, then completed (outline-writes.ts).
    saveModule(_u: string, _c: string, index: number, m: OutlineModule, header?: OutlineHeader) {
      course.modulos = [...(index ? course.modulos : []), m];
      if (header) Object.assign(course, header);
      pending(m);
      return Promise.resolve();
    },
    completeModulePlan(_u: string, _c: string, index: number, plan: ModulePlan) {
      const { planPendiente: _pending, ...m } = course.modulos[index];
      course.modulos = course.modulos.map((x, i) => (i === index ? { ...m, plan } : x));
      return Promise.resolve();
    },
    completeOutline(_u: string, _c: string, o: Pick<CourseItem, 'titulo' | 'descripcion' | 'objetivos' | 'modulos'>, { stored }: { stored: number }) {
      Object.assign(course, o);
      o.modulos.slice(stored).forEach(pending);
      return Promise.resolve();
    },
    saveOutline(_u: string, _c: string, o: Pick<CourseItem, 'titulo' | 'descripcion' | 'objetivos' | 'modulos'>, spend: Spend) {
      Object.assign(course, o);
      o.modulos.forEach(pending);
      spends.push(spend);
      return Promise.resolve();
    },
    contentState: (_u: string, _c: string, m: string, l?: string) => Promise.resolve(l ? lessons.get(key(m, l))?.estado : evaluations.get(m)?.estado),
    saveLesson(_u: string, _c: string, m: string, l: string, contenido: string) {
      const item = lessons.get(key(m, l));
      if (item) Object.assign(item, { contenido, estado: 'lista' });
      return Promise.resolve(item);
    },
    saveEvaluation: (_u: string, _c: string, e: EvaluationItem) => Promise.resolve(void evaluations.set(e.moduleId, e)),
    spend: (_u: string, _c: string, s: Spend) => Promise.resolve(void spends.push(s)),
    updateJob: () => Promise.resolve(),
    finishCourse: (_u: string, _c: string, estado: 'listo' | 'error') => Promise.resolve(Boolean(Object.assign(course, { estado }))),
  } as unknown as GenerationStore;
  return { store, gen, items, spends };
}
