import { learnerLocale } from '../../lib/locale';

// Spanish wording of a learner card: dates in the learner's own Spanish locale (es-ES, es-MX…), counts read naturally.

export function memberSince(iso: string): string | null {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return null;
  return `Miembro desde ${date.toLocaleDateString(learnerLocale(), { month: 'long', year: 'numeric' })}`;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function counts(cursos: number, lecciones: number): string {
  return `${plural(cursos, 'curso', 'cursos')} · ${plural(lecciones, 'lección completada', 'lecciones completadas')}`;
}

export const initial = (nombre: string) => (nombre.trim().charAt(0) || '?').toUpperCase();
