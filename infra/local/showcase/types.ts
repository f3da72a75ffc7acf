import type { LessonOutput } from '../../../lambdas/shared/ai/schemas';

// The shape of a featured course (issue 33 item 5): written by the team, served by the offline
// writer for its topic, so a newcomer on `npm start` reads what a Mentora course is meant to be.

/**
 * One question of a module's bank, compact: the lesson it rests on (index in the module), a sentence
 * copied from that lesson (`fuente`), the stem, the options with the key first (Mentora's code places
 * it at random) and why each option is right or which misconception choosing it reveals.
 */
export type ShowcaseQuestion = [leccion: number, fuente: string, enunciado: string, opciones: [string, string, string, string], explicaciones: [string, string, string, string]];

export interface ShowcaseLesson {
  titulo: string;
  resumen: string;
  leccion: LessonOutput;
}

export interface ShowcaseModule {
  titulo: string;
  descripcion: string;
  objetivos: string[];
  terminosClave: string[];
  conceptosErroneos: string[];
  ejemploConductor: string;
  lecciones: ShowcaseLesson[];
  preguntas: ShowcaseQuestion[];
}

export interface ShowcaseCourse {
  /** The topics that select it, folded (no accents, lower case): "fotografia digital", "fotografia". */
  temas: string[];
  /** The topic as a learner types it, offered by the course form in demonstration mode; it folds to one of `temas`. */
  tema: string;
  nivel: 'principiante' | 'intermedio' | 'avanzado';
  titulo: string;
  descripcion: string;
  objetivos: string[];
  modulos: ShowcaseModule[];
  /** The question the tutor's answers end with, to check the learner got it; a question about a photo when absent. */
  comprobar?: string;
  /** The tutor's answers: the first whose words all appear in the learner's question answers it. */
  tutor: { claves: string[]; respuesta: string }[];
}
