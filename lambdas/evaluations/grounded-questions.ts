import type { MaterialSource, NumberedSource } from '../contract';
import { marksIn } from '../shared/ai/citations';
import type { GeneratedQuestion } from '../shared/ai/schemas';

// Issue 24: a grounded course's questions are drawn from cited passages only. A question's `fuente`
// is a lesson sentence (checked verbatim in the lesson by evaluation-checks.ts); here it must also
// carry a ` [n]` mark that resolves to one of that lesson's sources, whose quote was checked against
// the material when the lesson was stored. The question then carries that source, shown to the
// learner with the graded answer only (grading.ts), never before.

/** Each written lesson's checked sources, by lessonId. */
export type LessonSources = Record<string, NumberedSource[]>;

/** The source a question's sentence cites, without its number (the graded answer's `fuente`). */
export function questionSource(q: Pick<GeneratedQuestion, 'lessonId' | 'fuente'>, sources: LessonSources): MaterialSource | undefined {
  const cited = sources[q.lessonId] ?? [];
  for (const n of marksIn(q.fuente)) {
    const s = cited.find((f) => f.n === n);
    if (s) return { materialId: s.materialId, titulo: s.titulo, pagina: s.pagina, cita: s.cita };
  }
  return undefined;
}

/** Why a grounded question is refused (Spanish, for the rewrite round); empty when it rests on a cited passage. */
export function groundedQuestionProblems(q: GeneratedQuestion, sources: LessonSources): string[] {
  if (!marksIn(q.fuente).length) return ['la "fuente" debe ser una frase de la lección que lleve su marca de fuente [n], copiada con la marca'];
  if (!questionSource(q, sources)) return ['la marca [n] de la "fuente" no corresponde a ninguna fuente de esa lección'];
  return [];
}
