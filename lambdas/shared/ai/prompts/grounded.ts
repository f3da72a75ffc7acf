import { groundedLessonOutput } from '../schemas';
import { NOT_COVERED } from '../citations';
import { lessonPrompt } from './lesson';

// Issue 24: prompts for a course built from the learner's own material. The data carries the
// passages retrieved for the lesson ("pasajes": n, material, página, texto); the model writes only
// what they support, marks each claim with " [n]" and returns the quote behind each mark, which
// code checks verbatim (lambdas/shared/ai/citations.ts) before anything is stored.

/** What every grounded writer is told about the passages (the lesson, the tutor). */
export const GROUNDING_RULES =
  'Escribe SOLO lo que respaldan los "pasajes" del material del alumno: no añadas datos, cifras ni afirmaciones que ' +
  'no estén en ellos. Marca cada afirmación que saques de un pasaje con " [n]" justo después (por ejemplo: "… en los ' +
  'cloroplastos [2]."), n el número del pasaje. En "fuentes" da, para cada n que uses, una cita: palabras copiadas ' +
  'literalmente de ese pasaje (sin cambiar ni una letra) que respaldan lo que afirmas. Si los pasajes no cubren algo ' +
  `que la lección o la pregunta pide, dilo con claridad ("${NOT_COVERED} ...") en lugar de inventarlo.`;

/** The lesson prompt with the passages: same sections and checks, plus the citations. */
export const groundedLessonPrompt = {
  ...lessonPrompt,
  version: 'leccion-fuentes-v2',
  tool: 'registrar_leccion_con_fuentes',
  toolDescription: 'Registra una lección escrita a partir del material del alumno, por secciones, con la cita de cada pasaje que usa.',
  schema: groundedLessonOutput,
  instructions: (d: Record<string, unknown>) =>
    `${lessonPrompt.instructions(d)} Esta lección se escribe a partir del material del alumno. ${GROUNDING_RULES} ` +
    'El ejemplo resuelto y el ejercicio aplican lo que dicen los pasajes; la extensión indicada es orientativa: es mejor ' +
    'una lección más corta que una afirmación sin respaldo.',
};

/** Outline instructions when the course follows a material: its headings and openings per page. */
export const OUTLINE_FROM_MATERIAL =
  ' El curso se construye a partir del material del alumno ("material": sus títulos y el comienzo de cada página, en ' +
  'orden): sigue su estructura y su orden, usa sus términos y no añadas temas que el material no trate.';
