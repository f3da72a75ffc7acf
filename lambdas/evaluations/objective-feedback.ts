import { feedbackState, type EvaluationQuestionResult, type EvaluationReviewPointer, type FeedbackState, type Objective, type ObjectiveFeedback } from '../contract';
import { lessonObjectives, moduleObjectives, questionObjective, type OutlineModule } from '../course-model';
import type { BankQuestion } from '../shared/ai/schemas';
import { BKT_DEFAULTS, observe, type BktParams } from '../learner-model';

// A failed attempt teaches (issue 32): per objective, what the learner showed and what not, the
// misconceptions behind the wrong options chosen, and where to study. Never a key: a misconception
// is said of the option the learner chose, which the result already marks wrong. Pure.

/**
 * Below it an objective is not shown (issue 41: its precision must hold on learners the model was not
 * built from): the posterior from the prior on this attempt's answers alone must fall below 0.1, not
 * 0.5. With slip 0.25 and guess 0.4 the old 0.5 named 53 % known objectives; 0.1 named 34 % and
 * keeps 3 % under the model's own assumptions (`npm run bench learning`). "Te falta" needs the
 * learner model's posterior below it too (`settleStates`).
 */
const SHOWN = 0.1;

/**
 * Whether one attempt shows an objective: the learner model's posterior (BKT from its prior, this
 * attempt's answers only; within one batch the order does not matter) is at least SHOWN. 3 of 4,
 * 4 of 6, 4 of 7 and 5 of 8 right show it; one wrong answer in four never hides a known objective (docs/learning.md).
 */
export const showsObjective = (correctas: number, total: number, k: BktParams = BKT_DEFAULTS): boolean => {
  let p = k.pInit;
  for (let i = 0; i < total; i++) p = observe(p, i < correctas, k);
  return p >= SHOWN;
};

export interface GradedQuestion {
  q: BankQuestion;
  correcta: boolean;
  /** The bank index of the option chosen, when one was. */
  chosen?: number;
  repasar?: EvaluationReviewPointer;
}

/** The misconception the chosen wrong option reveals, if the bank names one. */
export const misconceptionOf = (g: Pick<GradedQuestion, 'q' | 'correcta' | 'chosen'>): string | undefined =>
  (!g.correcta && g.chosen !== undefined && g.q.conceptosErroneos?.[g.chosen]?.trim()) || undefined;

/** The per-question fields issue 32 adds to a result. */
export const questionFeedback = (m: Pick<OutlineModule, 'objetivos' | 'lecciones'>, g: GradedQuestion): Pick<EvaluationQuestionResult, 'objetivoId' | 'conceptoErroneo'> => {
  const objetivoId = questionObjective(m, g.q);
  const conceptoErroneo = misconceptionOf(g);
  return { ...(objetivoId && { objetivoId }), ...(conceptoErroneo && { conceptoErroneo }) };
};

const pointerKey = (p: EvaluationReviewPointer) => `${p.lessonId}#${p.seccion ?? ''}`;

/** Per objective measured by the attempt, in the module's order. */
export function objectiveFeedback(m: Pick<OutlineModule, 'objetivos' | 'lecciones'>, graded: readonly GradedQuestion[], lessonTitles: Record<string, string>): ObjectiveFeedback[] {
  const byObjective = new Map<string, GradedQuestion[]>();
  for (const g of graded) {
    const id = questionObjective(m, g.q);
    if (id) byObjective.set(id, [...(byObjective.get(id) ?? []), g]);
  }
  return moduleObjectives(m).flatMap((o: Objective) => {
    const mine = byObjective.get(o.id);
    if (!mine?.length) return [];
    const correctas = mine.filter((g) => g.correcta).length;
    const domina = showsObjective(correctas, mine.length);
    const pointers = new Map<string, EvaluationReviewPointer>();
    if (!domina) {
      for (const g of mine) if (!g.correcta && g.repasar?.lessonId) pointers.set(pointerKey(g.repasar), g.repasar);
      // Nothing to point at (every wrong one unanswered on an older bank): the lessons that teach it.
      if (!pointers.size) {
        for (const l of m.lecciones) if (lessonObjectives(m, l.lessonId).includes(o.id)) pointers.set(l.lessonId, { lessonId: l.lessonId, leccion: lessonTitles[l.lessonId] ?? l.titulo });
      }
    }
    return [{
      id: o.id,
      enunciado: o.enunciado,
      bloom: o.bloom,
      correctas,
      total: mine.length,
      domina,
      estado: domina ? ('domina' as const) : ('falta' as const),
      conceptosErroneos: [...new Set(mine.flatMap((g) => misconceptionOf(g) ?? []))],
      repasar: [...pointers.values()],
    }];
  });
}

/**
 * "Dominas" also needs the learner model's P(known) after the attempt, every counted answer so far,
 * at least this (issue 41): never said of an objective the model believes more likely unknown. The
 * attempt's own rule (3 of 4, 5 of 8 right) reads no history; with this line the objectives read
 * "Dominas" while not known fell from 2.9 to 1.1 % under the model's own assumptions and 6.6 to 3.8 %
 * under mismatched slip and guess, for 1–5 % of the known ones (docs/learning.md, "'Dominas' only
 * where the model agrees"; higher lines sent 5–43 % of learners who knew everything back to practise).
 */
export const DOMINAS = 0.5;

/**
 * The result's three states (issue 41): one attempt of 6–8 questions cannot tell a known objective
 * from an unknown one under mismatched slip and guess (0.63–0.66 of "Te falta" were unknown, limit
 * 0.85). An objective the attempt does not show is "Te falta" only when the learner model, every
 * counted answer so far and the chance and test-wise classes (`known`, what `recordEvidence`
 * answers after this attempt), also puts it below SHOWN; otherwise "Aún no está claro": practised
 * as "Te falta" is, never counted as mastered. An objective the attempt shows reads "Dominas" only
 * when the model also puts it at DOMINAS or above; otherwise "Aún no está claro" too, with where to
 * study (`pointers`). The model can only take "Dominas" away, never give it. Without the model's
 * answer (its write failed) the attempt alone decides, as before. Pure.
 */
export function settleStates(
  objetivos: readonly ObjectiveFeedback[],
  moduleId: string,
  known: Readonly<Record<string, number>> | void,
  pointers?: (objectiveId: string) => EvaluationReviewPointer[],
): ObjectiveFeedback[] {
  return objetivos.map((o) => {
    const p = known?.[`${moduleId}.${o.id}`];
    if (p === undefined) return o;
    if (o.estado === 'falta' && p >= SHOWN) return { ...o, estado: 'incierto' };
    if (o.estado === 'domina' && p < DOMINAS) return { ...o, domina: false, estado: 'incierto', repasar: pointers?.(o.id) ?? o.repasar };
    return o;
  });
}

/**
 * Where to study an objective the model took "Dominas" from (`settleStates`): the sections of its
 * wrong answers in the attempt, else the lessons that teach it.
 */
export function studyPointers(m: Pick<OutlineModule, 'objetivos' | 'lecciones'>, resultados: readonly Pick<EvaluationQuestionResult, 'objetivoId' | 'correcta' | 'repasar'>[], lessonTitles: Record<string, string>) {
  return (objectiveId: string): EvaluationReviewPointer[] => {
    const pointers = new Map<string, EvaluationReviewPointer>();
    for (const r of resultados) if (r.objetivoId === objectiveId && !r.correcta && r.repasar?.lessonId) pointers.set(pointerKey(r.repasar), r.repasar);
    if (!pointers.size) for (const l of m.lecciones) if (lessonObjectives(m, l.lessonId).includes(objectiveId)) pointers.set(l.lessonId, { lessonId: l.lessonId, leccion: lessonTitles[l.lessonId] ?? l.titulo });
    return [...pointers.values()];
  };
}

/** The states a result showed, by objective id: kept with the attempt, so the Refuerzo guiado is written for what the learner read. */
export const statesOf = (objetivos: readonly ObjectiveFeedback[]): Record<string, FeedbackState> =>
  Object.fromEntries(objetivos.map((o) => [o.id, feedbackState(o)]));
