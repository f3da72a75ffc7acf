import { keepDrawableDiagrams } from './lesson-diagrams';
import type { LessonOutput } from './schemas';

// A lesson is generated in named sections (schemas.ts lessonOutput) and stored as one Markdown
// text, which the web, the tutor and the evaluations read. The headings below are the contract:
// the structure check (text-checks.ts) looks for them, and the lesson view and the SCORM package fold
// the solution and the answers behind a disclosure (contract/lesson-sections.ts names them).

export const LESSON_HEADINGS = {
  objetivos: '### Objetivos de la lección',
  ejemplo: '### Ejemplo resuelto',
  ejercicio: '### Ejercicio',
  solucion: '#### Solución',
  autoevaluacion: '### Comprueba lo que has aprendido',
  respuestas: '#### Respuestas',
  resumen: '### Resumen',
} as const;

/** Headings inside the model's text would break the lesson's outline: they become bold lines. */
const flatten = (md: string) => md.trim().replace(/^#{1,6}\s+(.+)$/gm, '**$1**');
const bullets = (items: string[]) => items.map((i) => `- ${flatten(i)}`).join('\n');
/**
 * A numbered item's own lines sit under it (three spaces): a list inside a self-check question or
 * answer stays part of that item, so the count (text-checks.ts) and the review cards (review/cards.ts)
 * see one item, not the inner list's lines.
 */
const numbered = (items: string[]) => items.map((t, i) => `${i + 1}. ${flatten(t).replace(/\n(?=.)/g, '\n   ')}`).join('\n');

/**
 * The Markdown of a lesson as the model wrote it, diagram blocks included whether they draw or not
 * (the lesson writer repairs or drops them, diagram-repair.ts). No title: the lesson view and the
 * tutor show it from the outline.
 */
export function lessonMarkdownAsWritten(l: LessonOutput): string {
  const h = LESSON_HEADINGS;
  return [
    `${h.objetivos}\n\n${bullets(l.objetivos)}`,
    `### Introducción\n\n${flatten(l.introduccion)}`,
    ...l.explicacion.map((s) => `### ${flatten(s.subtitulo).replace(/\*\*/g, '')}\n\n${flatten(s.texto)}`),
    `${h.ejemplo}: ${l.ejemploResuelto.titulo}\n\n${flatten(l.ejemploResuelto.planteamiento)}\n\n${flatten(l.ejemploResuelto.desarrollo)}`,
    `${h.ejercicio}\n\n${flatten(l.ejercicio.enunciado)}`,
    `${h.solucion}\n\n${flatten(l.ejercicio.solucion)}`,
    `${h.autoevaluacion}\n\n${numbered(l.autoevaluacion.map((q) => q.pregunta))}`,
    `${h.respuestas}\n\n${numbered(l.autoevaluacion.map((q) => q.respuesta))}`,
    `${h.resumen}\n\n${bullets(l.resumen)}`,
  ].join('\n\n');
}

/** The Markdown of a lesson with only the diagram blocks that can be drawn (issue 43, lesson-diagrams.ts). */
export const lessonMarkdown = (l: LessonOutput): string => keepDrawableDiagrams(lessonMarkdownAsWritten(l)).markdown;

/** Every text the model wrote for a lesson, in reading order (for the language and chatter checks). */
export const lessonTexts = (l: LessonOutput): string[] => [
  ...l.objetivos,
  l.introduccion,
  ...l.explicacion.flatMap((s) => [s.subtitulo, s.texto]),
  l.ejemploResuelto.titulo,
  l.ejemploResuelto.planteamiento,
  l.ejemploResuelto.desarrollo,
  l.ejercicio.enunciado,
  l.ejercicio.solucion,
  ...l.autoevaluacion.flatMap((q) => [q.pregunta, q.respuesta]),
  ...l.resumen,
];
