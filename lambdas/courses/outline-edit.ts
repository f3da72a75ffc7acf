import type { OutlineEdit } from '../contract';
import type { OutlineModule } from './course-items';
import { lessonIdAt, moduleIdAt } from './course-keys';

/**
 * The learner's edited outline applied to the written one (pure). Ids are given again by
 * position (m01…, l01…: the sort keys keep the course order); a module or lesson that names its
 * old id keeps what only the model wrote (description, plan, summary); new ones start empty and
 * their lessons are written from their titles and the module's plan.
 */
export function applyOutlineEdit(current: OutlineModule[], edit: OutlineEdit): OutlineModule[] {
  const before = new Map(current.map((m) => [m.moduleId, m]));
  return edit.modulos.map((m, i) => {
    const old = m.moduleId ? before.get(m.moduleId) : undefined;
    const lessons = new Map((old?.lecciones ?? []).map((l) => [l.lessonId, l]));
    return {
      moduleId: moduleIdAt(i),
      titulo: m.titulo,
      descripcion: old?.descripcion ?? '',
      ...(old?.plan && { plan: old.plan }),
      lecciones: m.lecciones.map((l, j) => ({ lessonId: lessonIdAt(j), titulo: l.titulo, resumen: (l.lessonId && lessons.get(l.lessonId)?.resumen) || '' })),
    };
  });
}

/** Lesson keys (`m01/l02`) of an outline. */
export const lessonKeysOf = (modulos: OutlineModule[]) => modulos.flatMap((m) => m.lecciones.map((l) => `${m.moduleId}/${l.lessonId}`));
