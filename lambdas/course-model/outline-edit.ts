import type { OutlineEdit } from '../contract';
import { AppError } from '../shared/errors';
import type { OutlineModule } from './course-items';
import { lessonIdAt, moduleIdAt } from './course-keys';
import { editedObjectives } from './module-objectives';

/** How large an outline may be: plans.ts `outlineLimit` of the course's request. */
export interface OutlineSize {
  modulos: number;
  leccionesPorModulo: number;
}

/**
 * A model's outline cut to the size asked for: modules past the count, and lessons past each
 * module's count, are dropped before anything is stored, so no lesson is ever written (or paid
 * for) beyond what the course unit covers.
 */
export function trimOutline<M extends { lecciones: unknown[] }>(modulos: M[], size: OutlineSize): { modulos: M[]; trimmed: boolean } {
  const kept = modulos.slice(0, size.modulos).map((m) => (m.lecciones.length > size.leccionesPorModulo ? { ...m, lecciones: m.lecciones.slice(0, size.leccionesPorModulo) } : m));
  const trimmed = kept.length < modulos.length || kept.some((m, i) => m !== modulos[i]);
  return { modulos: kept, trimmed };
}

export const tooManyModules = (n: number) => `Tu temario puede tener como máximo ${n} módulos, los que pediste al crear el curso. Quita alguno para continuar.`;
export const tooManyLessons = (n: number, titulo: string) =>
  `Cada módulo puede tener como máximo ${n} lecciones, las que pediste al crear el curso. Quita alguna del módulo «${titulo}» para continuar.`;

/** Refuses (400, in Spanish) an edited outline larger than the course was asked and allowed to be. */
export function assertOutlineSize(edit: OutlineEdit, size: OutlineSize): void {
  if (edit.modulos.length > size.modulos) throw new AppError(400, tooManyModules(size.modulos), 'OutlineTooLarge');
  const long = edit.modulos.find((m) => m.lecciones.length > size.leccionesPorModulo);
  if (long) throw new AppError(400, tooManyLessons(size.leccionesPorModulo, long.titulo), 'OutlineTooLarge');
}

/**
 * The learner's edited outline applied to the written one (pure), once it is checked against
 * `size` (400 when larger: renaming, reordering, removing and swapping stay free). Ids are given again by
 * position (m01…, l01…: the sort keys keep the course order); a module or lesson that names its
 * old id keeps what only the model wrote (description, plan, summary); new ones start empty and
 * their lessons are written from their titles and the module's plan.
 */
export function applyOutlineEdit(current: OutlineModule[], edit: OutlineEdit, size: OutlineSize): OutlineModule[] {
  assertOutlineSize(edit, size);
  const before = new Map(current.map((m) => [m.moduleId, m]));
  return edit.modulos.map((m, i) => {
    const old = m.moduleId ? before.get(m.moduleId) : undefined;
    const lessons = new Map((old?.lecciones ?? []).map((l) => [l.lessonId, l]));
    const was = m.lecciones.map((l) => (l.lessonId ? lessons.get(l.lessonId) : undefined));
    // Issue 32: objectives stay consistent: every lesson's ids exist, every objective is taught.
    const objectives = old?.objetivos?.length ? editedObjectives(old.objetivos, was.map((l) => ({ kept: Boolean(l), objetivos: l?.objetivos ?? [] }))) : undefined;
    const withObjectives = Boolean(objectives?.objetivos.length);
    return {
      moduleId: moduleIdAt(i),
      titulo: m.titulo,
      descripcion: old?.descripcion ?? '',
      ...(old?.plan && { plan: withObjectives ? { ...old.plan, objetivos: objectives!.objetivos.map((o) => o.enunciado) } : old.plan }),
      ...(withObjectives && { objetivos: objectives!.objetivos }),
      lecciones: m.lecciones.map((l, j) => ({
        lessonId: lessonIdAt(j),
        titulo: l.titulo,
        resumen: was[j]?.resumen || '',
        ...(withObjectives && { objetivos: objectives!.lecciones[j] }),
      })),
    };
  });
}

/** Lesson keys (`m01/l02`) of an outline. */
export const lessonKeysOf = (modulos: OutlineModule[]) => modulos.flatMap((m) => m.lecciones.map((l) => `${m.moduleId}/${l.lessonId}`));
