// Spanish wording of a learner card: dates and counts read naturally.

export function memberSince(iso: string): string | null {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return null;
  return `Miembro desde ${date.toLocaleDateString('es-ES', { month: 'long', year: 'numeric' })}`;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function counts(cursos: number, lecciones: number): string {
  return `${plural(cursos, 'curso', 'cursos')} · ${plural(lecciones, 'lección completada', 'lecciones completadas')}`;
}

export const initial = (nombre: string) => (nombre.trim().charAt(0) || '?').toUpperCase();
