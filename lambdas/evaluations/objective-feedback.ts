import type { EvaluationQuestionResult, EvaluationReviewPointer, Objective, ObjectiveFeedback } from '../contract';
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
 * The result's three states (issue 41): one attempt of 6–8 questions cannot tell a known objective
 * from an unknown one under mismatched slip and guess (0.63–0.66 of "Te falta" were unknown, limit
 * 0.85). An objective the attempt does not show is "Te falta" only when the learner model, every
 * counted answer so far and the chance and test-wise classes (`known`, what `recordEvidence`
 * answers after this attempt), also puts it below SHOWN; otherwise "Aún no está claro": practised
 * as "Te falta" is, never counted as mastered. "Dominas" stays the attempt's own rule, so no
 * objective reads "Dominas" that did not before. Without the model's answer (its write failed) the
 * attempt alone decides, as before. Pure.
 */
export function settleStates(objetivos: readonly ObjectiveFeedback[], moduleId: string, known: Readonly<Record<string, number>> | void): ObjectiveFeedback[] {
  return objetivos.map((o) => {
    const p = known?.[`${moduleId}.${o.id}`];
    return o.estado === 'falta' && p !== undefined && p >= SHOWN ? { ...o, estado: 'incierto' } : o;
  });
}
