import { fotografia } from './fotografia';
import { python } from './python';
import { roma } from './roma';
import type { ShowcaseCourse, ShowcaseModule, ShowcaseQuestion } from './types';

// The featured courses the offline writer serves (issue 33 item 5) and the lookups its routing hook
// (showcase-writer.ts) needs. A course is chosen by its topic; a lesson and a module by their title
// in the outline, so a learner who edits the outline gets demonstration content for what they changed.

export const SHOWCASE: ShowcaseCourse[] = [fotografia, roma, python];

/** Lower case, no accents, single spaces, no trailing punctuation: how topics and titles compare. */
export const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('es').replace(/[^\p{L}\d]+/gu, ' ').trim();

/** What the course form offers in demonstration mode (runtime config `demostracion`). */
export const featuredTopics = () => SHOWCASE.map(({ tema, nivel, titulo }) => ({ tema, nivel, titulo }));

export const showcaseFor = (topic: unknown) => (typeof topic === 'string' ? SHOWCASE.find((c) => c.temas.includes(fold(topic))) : undefined);

export function showcaseModule(course: ShowcaseCourse, titulo: unknown): ShowcaseModule | undefined {
  return typeof titulo === 'string' ? course.modulos.find((m) => fold(m.titulo) === fold(titulo)) : undefined;
}

export function showcaseLesson(course: ShowcaseCourse, titulo: unknown) {
  if (typeof titulo !== 'string') return undefined;
  return course.modulos.flatMap((m) => m.lecciones).find((l) => fold(l.titulo) === fold(titulo));
}

/** Every question of every featured course, by its folded stem: the blind verifier's answer key. */
export const questionByStem = new Map<string, ShowcaseQuestion>(SHOWCASE.flatMap((c) => c.modulos.flatMap((m) => m.preguntas.map((q) => [fold(q[2]), q] as const))));
