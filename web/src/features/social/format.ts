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

/** Two initials ("Ana García" → "AG"), one for a single name: a namesake's avatar differs by colour and handle. */
export function initials(nombre: string): string {
  // Words that start with a letter ("Ana 1280" is "A"); a name with none keeps its first character.
  const all = nombre.trim().split(/\s+/).filter(Boolean);
  const named = all.filter((w) => /^\p{L}/u.test(w));
  const words = named.length ? named : all.slice(0, 1);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => [...w][0]).join('').toUpperCase() || '?';
}

/** Avatar backgrounds, each with white text at AA contrast; one is chosen by the account id, so it never changes. */
const TONES = ['bg-indigo-600', 'bg-violet-700', 'bg-emerald-700', 'bg-sky-700', 'bg-rose-700', 'bg-amber-700', 'bg-teal-700', 'bg-fuchsia-700'];
export function avatarTone(userId: string): string {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return TONES[h % TONES.length];
}

/** The public handle as a learner reads it. */
export const handle = (alias: string) => `@${alias}`;
