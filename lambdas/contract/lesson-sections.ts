// The two parts of a lesson a learner should try before reading: the exercise's solution and the
// self-check answers. The generator writes them as "#### Solución" and "#### Respuestas"
// (lambdas/shared/ai/lesson-markdown.ts); the lesson view (web) and the SCORM package fold them behind
// a disclosure with these labels; an evaluation's study link never names them, it names the section
// they answer (evaluation-checks.ts sectionOf), whose heading the learner can see.

export const FOLDED_SECTIONS: Readonly<Record<string, string>> = {
  Solución: 'Ver la solución del ejercicio',
  Respuestas: 'Ver las respuestas',
};

/** The folded section a `#### …` heading line opens, if any. */
export function foldedSection(line: string): string | undefined {
  const h = /^####\s+(.+?)\s*$/.exec(line);
  return h && Object.hasOwn(FOLDED_SECTIONS, h[1]) ? h[1] : undefined;
}
