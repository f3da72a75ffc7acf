import { countryName } from '../../contract';
import { LESSON_HEADINGS } from './lesson-markdown';

// Issue 33 item 3: what a lesson's writer knows of the rest of the course, so lessons build on each
// other instead of repeating one example and one set of misconceptions. All of it goes in the
// prompt's fenced data (prompts/fence.ts), bounded: a 10 × 8 course still fits a small prompt.

/** The lessons before this one whose summaries the prompt carries (the nearest ones matter most). */
export const PREVIOUS_SUMMARIES = 6;
/** Characters of one previous lesson's summary, and of a title in the course outline. */
export const SUMMARY_CHARS = 320;
const TITLE_CHARS = 100;
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

export interface ContextLesson {
  lessonId: string;
  titulo: string;
  resumen: string;
  /** Issue 32: the ids of the module's objectives this lesson teaches. */
  objetivos?: string[];
}
export interface ContextModule {
  moduleId?: string;
  titulo: string;
  objetivos?: { id: string; enunciado: string; bloom: string }[];
  lecciones: ContextLesson[];
}
/** A lesson already written (the stored item): its Markdown gives its summary. */
export interface WrittenLesson {
  moduleId: string;
  lessonId: string;
  estado?: string;
  contenido?: string;
}
export interface PreviousSummary {
  titulo: string;
  resumen: string;
}

/** The course outline as the prompt shows it: module titles with their lessons' titles, this lesson marked. */
export function courseOutline(modulos: readonly ContextModule[], moduleId: string | undefined, lessonId: string) {
  return modulos.slice(0, 10).map((m) => ({
    modulo: cut(m.titulo, TITLE_CHARS),
    lecciones: m.lecciones.slice(0, 10).map((l) => cut(l.titulo, TITLE_CHARS) + (m.moduleId === moduleId && l.lessonId === lessonId ? ' (esta lección)' : '')),
  }));
}

/** The objectives this lesson teaches, with their Bloom level; the module's plan statements on older courses. */
export function lessonObjectives(module: ContextModule & { plan?: { objetivos: string[] } }, lessonId: string) {
  const lesson = module.lecciones.find((l) => l.lessonId === lessonId);
  const ids = new Set(lesson?.objetivos ?? []);
  const own = (module.objetivos ?? []).filter((o) => ids.has(o.id));
  return own.map((o) => ({ id: o.id, enunciado: o.enunciado, bloom: o.bloom }));
}

/** A written lesson's summary: the bullets of its "Resumen" section, on one line, bounded. */
export function lessonSummary(markdown: string): string {
  const at = markdown.lastIndexOf(`${LESSON_HEADINGS.resumen}\n`);
  if (at < 0) return '';
  const bullets = markdown.slice(at + LESSON_HEADINGS.resumen.length).split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2).trim());
  return cut(bullets.join(' '), SUMMARY_CHARS);
}

/**
 * The summaries of the lessons before this one, in course order, that are already written: the
 * pipeline writes lessons in parallel, so a lesson starts as early as before and knows whichever of
 * its predecessors are finished. At most PREVIOUS_SUMMARIES, the nearest ones.
 */
export function previousSummaries(modulos: readonly ContextModule[], written: readonly WrittenLesson[], moduleId: string, lessonId: string): PreviousSummary[] {
  const order = modulos.flatMap((m) => m.lecciones.map((l) => ({ moduleId: m.moduleId ?? '', lessonId: l.lessonId, titulo: l.titulo })));
  const at = order.findIndex((l) => l.moduleId === moduleId && l.lessonId === lessonId);
  const done = new Map(written.filter((w) => w.estado === 'lista' && w.contenido).map((w) => [`${w.moduleId}/${w.lessonId}`, w.contenido as string]));
  return order
    .slice(0, Math.max(at, 0))
    .map((l) => ({ titulo: cut(l.titulo, TITLE_CHARS), resumen: lessonSummary(done.get(`${l.moduleId}/${l.lessonId}`) ?? '') }))
    .filter((s) => s.resumen)
    .slice(-PREVIOUS_SUMMARIES);
}

/** The learner's country (its name) and form of address, as the lesson prompt reads them. */
export interface LearnerLocale {
  pais?: string;
  tratamiento?: 'tu' | 'usted' | 'vos';
}

/** The learner's profile as lesson writers read it (lambdas/users' store fits it). */
export interface LearnerProfiles {
  get(userId: string): Promise<{ pais?: string; tratamiento?: LearnerLocale['tratamiento'] } | undefined>;
}

/**
 * The learner's country (by name) and form of address, for course generation and regeneration alike;
 * no profile store, or a profile that cannot be read, costs the lesson nothing: tú, no country.
 */
export async function learnerLocale(profiles: LearnerProfiles | undefined, userId: string): Promise<LearnerLocale> {
  const profile = await profiles?.get(userId).catch(() => undefined);
  const pais = countryName(profile?.pais);
  return { tratamiento: profile?.tratamiento ?? 'tu', ...(pais && { pais }) };
}
