import { createHash, randomUUID } from 'node:crypto';
import { OPTION_LETTERS, type EvaluationReviewPointer, type PublicReviewCard, type ReviewSolution } from '../contract';
import type { BankQuestion } from '../shared/ai/schemas';
import { LESSON_HEADINGS } from '../shared/ai/lesson-markdown';
import type { StoredFsrs } from './scheduling';

// What a card holds and what the learner sees of it. A multiple-choice card keeps its options in
// the bank's order with the key; they are shown shuffled, in an order drawn from the card id and
// its review count, so the same card shows the same order until it is rated (the reveal step
// recomputes it) and a new one the next time: the learner remembers the answer, not a letter.

export interface CardContent extends Pick<PublicReviewCard, 'cardId' | 'courseId' | 'moduleId' | 'lessonId' | 'tipo' | 'origen' | 'enunciado'> {
  /**
   * Where the question lives (`<courseId>.<moduleId>.<preguntaId>`, `<courseId>.<moduleId>.<lessonId>.q1`):
   * the dedupe key, so the same question twice makes one card. Server only: the card's id is random.
   */
  claveOrigen: string;
  /** Evaluation cards: the lesson title and section to study while the module is not passed. */
  leccion?: string;
  seccion?: string;
  /** Issue 32: the misconception the option chosen in the evaluation revealed; shown at once, the key still hidden. */
  conceptoErroneo?: string;
  /** Issue 32: the objective the card practises (`m01.o2`): its rating is evidence for the learner model. */
  objetivo?: string;
  /**
   * Issue 32 item 6: a Refuerzo guiado practice item. Its key was shown when the learner answered it
   * (it is practice, never a graded question), so its card is never locked.
   */
  fuente?: 'refuerzo';
  /** Multiple choice: the bank's options, the key's letter in that order, why each option is right or wrong. */
  opciones?: string[];
  correcta?: string;
  explicaciones?: string[];
  /** Open (self-check) cards: the lesson's short answer. */
  respuesta?: string;
  explicacion: string;
}
export type CardItem = CardContent & { fsrs: StoredFsrs; createdAt: string; updatedAt?: string };

/** A question of an evaluation's bank the learner got wrong; `repasar` is where the result sent them. */
export const cardFromBankQuestion = (courseId: string, moduleId: string, moduleTitle: string, q: BankQuestion, repasar?: EvaluationReviewPointer, conceptoErroneo?: string, objetivo?: string): CardContent => ({
  cardId: randomUUID(),
  claveOrigen: `${courseId}.${moduleId}.${q.preguntaId}`,
  courseId,
  moduleId,
  ...(q.lessonId && { lessonId: q.lessonId }),
  ...(repasar?.leccion && { leccion: repasar.leccion }),
  ...((repasar?.seccion ?? q.seccion) && { seccion: repasar?.seccion ?? q.seccion }),
  ...(conceptoErroneo && { conceptoErroneo }),
  ...(objetivo && { objetivo }),
  tipo: 'opcion_multiple',
  origen: `Evaluación: ${moduleTitle}`,
  enunciado: q.enunciado,
  opciones: q.opciones,
  correcta: q.correcta,
  ...(q.explicaciones && { explicaciones: q.explicaciones }),
  explicacion: q.explicacion,
});

/** A Refuerzo guiado practice item as the learner answered it: options in the order shown, the right one's index. */
export interface AnsweredPractice {
  courseId: string;
  moduleId: string;
  /** The attempt the piece was written after and the item's number in it: the card's dedupe key. */
  intento: number;
  item: number;
  titulo: string;
  objetivo: string;
  enunciado: string;
  opciones: string[];
  correcta: number;
  explicaciones: string[];
}

/** Issue 32 item 6: every practice item answered, right or wrong, enters review. */
export const cardFromPractice = (p: AnsweredPractice): CardContent => ({
  cardId: randomUUID(),
  claveOrigen: `${p.courseId}.${p.moduleId}.refuerzo${p.intento}.p${p.item}`,
  courseId: p.courseId,
  moduleId: p.moduleId,
  objetivo: p.objetivo,
  fuente: 'refuerzo',
  tipo: 'opcion_multiple',
  origen: `Refuerzo guiado: ${p.titulo}`,
  enunciado: p.enunciado,
  opciones: p.opciones,
  correcta: OPTION_LETTERS[p.correcta],
  explicaciones: p.explicaciones,
  explicacion: p.explicaciones[p.correcta] ?? '',
});

/**
 * The numbered items at the margin of a Markdown section, multi-line items kept whole: a list inside
 * an item is indented under it (lesson-markdown.ts) and stays in that item, de-indented.
 */
const numbered = (section: string) =>
  section
    .split(/^\d+\.\s+/m)
    .slice(1)
    .map((item) => item.trim().replace(/\n {3}/g, '\n'))
    .filter(Boolean);

const sectionAfter = (markdown: string, heading: string, until: string) => markdown.split(heading)[1]?.split(until)[0] ?? '';

/** A lesson's self-check questions ("Comprueba lo que has aprendido") with their answers. */
export function cardsFromLesson(courseId: string, moduleId: string, lessonId: string, lessonTitle: string, markdown: string, objetivo?: string): CardContent[] {
  const h = LESSON_HEADINGS;
  const preguntas = numbered(sectionAfter(markdown, h.autoevaluacion, h.respuestas));
  const respuestas = numbered(sectionAfter(markdown, h.respuestas, h.resumen));
  // A lesson stored before the indentation may hold an inner list at the margin: its items cannot be
  // paired for sure, and a card that pairs a question with another's answer teaches a wrong answer.
  if (preguntas.length !== respuestas.length) return [];
  return preguntas.flatMap((enunciado, index) => {
    const respuesta = respuestas[index];
    if (!respuesta) return [];
    return [{
      cardId: randomUUID(),
      claveOrigen: `${courseId}.${moduleId}.${lessonId}.q${index + 1}`,
      courseId,
      moduleId,
      lessonId,
      ...(objetivo && { objetivo }),
      tipo: 'abierta' as const,
      origen: `Lección: ${lessonTitle}`,
      enunciado,
      respuesta,
      explicacion: `Si dudas, vuelve a la lección «${lessonTitle}».`,
    }];
  });
}

/** The display order of a card's options: `orden[i]` is the bank option shown as letter i. */
export function displayOrder(card: Pick<CardItem, 'cardId' | 'fsrs' | 'opciones'>): number[] {
  const order = (card.opciones ?? []).map((_, i) => i);
  const seed = createHash('sha256').update(`${card.cardId}:${card.fsrs.reps}`).digest();
  for (let i = order.length - 1; i > 0; i--) {
    const j = seed[i] % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The card before it is answered: never the key, the answer or an explanation. */
export function publicCard(card: CardItem): PublicReviewCard {
  const order = displayOrder(card);
  return {
    cardId: card.cardId,
    courseId: card.courseId,
    moduleId: card.moduleId,
    ...(card.lessonId && { lessonId: card.lessonId }),
    tipo: card.tipo,
    origen: card.origen,
    enunciado: card.enunciado,
    ...(card.opciones && { opciones: order.map((from, i) => ({ opcion: OPTION_LETTERS[i], texto: (card.opciones as string[])[from] })) }),
    vence: card.fsrs.due,
    repasos: card.fsrs.reps,
  };
}

/**
 * An evaluation card while its module is not passed: where to study, nothing else. Not even whether
 * the chosen option was right: answering each option in turn would map the key.
 */
export function lockedSolution(card: CardItem): ReviewSolution {
  const donde = card.leccion ? `la lección «${card.leccion}»${card.seccion ? `, apartado «${card.seccion}»` : ''}` : 'las lecciones de este módulo';
  return {
    cardId: card.cardId,
    bloqueada: true,
    respuesta: '',
    // Issue 32: the feedback of the attempt at once: the same text whatever is chosen now, so no answer maps the key.
    explicacion:
      (card.conceptoErroneo ? `En tu evaluación, tu respuesta revelaba esta idea equivocada: ${card.conceptoErroneo} ` : '') +
      `Verás la respuesta cuando apruebes la evaluación de este módulo. Mientras tanto, repasa ${donde}.`,
    ...(card.conceptoErroneo && { conceptoErroneo: card.conceptoErroneo }),
    ...(card.lessonId && { repasar: { lessonId: card.lessonId, ...(card.leccion && { leccion: card.leccion }), ...(card.seccion && { seccion: card.seccion }) } }),
  };
}

/** Whether a card's key waits for its module's pass: an evaluation's question (issue 20), not practice. */
export const keyWaitsForPass = (card: Pick<CardItem, 'tipo' | 'fuente'>) => card.tipo === 'opcion_multiple' && card.fuente !== 'refuerzo';

/** An evaluation's card keeps its key secret until the learner passes that module (issue 20). */
export const isLocked = (card: Pick<CardItem, 'tipo' | 'fuente'>, passed: boolean) => keyWaitsForPass(card) && !passed;

/** The answer and why, in the order the learner saw the options; `opcion` is the letter they chose. */
export function solutionOf(card: CardItem, opcion?: string): ReviewSolution {
  if (card.tipo === 'abierta' || !card.opciones || !card.correcta) {
    return { cardId: card.cardId, respuesta: card.respuesta ?? '', explicacion: card.explicacion };
  }
  const bankKey = OPTION_LETTERS.indexOf(card.correcta as (typeof OPTION_LETTERS)[number]);
  const order = displayOrder(card);
  const shownKey = order.indexOf(bankKey);
  const opciones = order.map((from, i) => ({ opcion: OPTION_LETTERS[i], texto: (card.opciones as string[])[from], correcta: from === bankKey }));
  return {
    cardId: card.cardId,
    ...(opcion && { acierto: opcion === OPTION_LETTERS[shownKey] }),
    respuesta: `${OPTION_LETTERS[shownKey]}. ${card.opciones[bankKey]}`,
    explicacion: card.explicacion,
    opciones,
  };
}
