import { feedbackState, OPTION_LETTERS, type RemedialRequest } from '../contract';
import { lessonObjectives, type EvaluationItem, type OutlineModule } from '../course-model';
import { objectiveFeedback, type GradedQuestion } from './objective-feedback';

// What a Refuerzo guiado is written for (issue 32 item 4): the learner's last graded attempt, read
// again from the stored answers (never from the client), gives the objectives it left short ("Te
// falta" and "Aún no está claro", objective-feedback.ts, as the result showed them) with the
// misconceptions of the options chosen. Pure.

export interface Diagnosis {
  /** The attempt's number (1-based): a piece is written once per attempt. */
  intento: number;
  /** The objectives below mastery after it, with what to write about; empty when all were shown. */
  objetivos: RemedialRequest['objetivos'];
  /** False when none of the attempt's questions is left in the bank (it was written again since). */
  graded: boolean;
}

/** Undefined when the learner has no attempt at this module yet. */
export function diagnoseLastAttempt(e: EvaluationItem, module: Pick<OutlineModule, 'objetivos' | 'lecciones'>): Diagnosis | undefined {
  const attempts = e.intentos ?? [];
  const last = attempts[attempts.length - 1];
  if (!last) return undefined;
  const bank = new Map(e.preguntas.map((q) => [q.preguntaId, q]));
  const titles = Object.fromEntries(module.lecciones.map((l) => [l.lessonId, l.titulo]));
  const graded: GradedQuestion[] = (last.preguntas ?? Object.keys(last.respuestas)).flatMap((id) => {
    const q = bank.get(id);
    if (!q) return [];
    const letter = last.respuestas[id] as (typeof OPTION_LETTERS)[number] | undefined;
    const correcta = letter === q.correcta;
    const chosen = letter ? OPTION_LETTERS.indexOf(letter) : undefined;
    return [{ q, correcta, ...(chosen !== undefined && chosen >= 0 && { chosen }), ...(!correcta && q.lessonId && { repasar: { lessonId: q.lessonId, leccion: titles[q.lessonId] ?? '' } }) }];
  });
  // The states the result showed, once the learner model settled them (issue 41: it may take "Dominas"
  // away); an attempt without them is read from its answers alone.
  const objetivos = objectiveFeedback(module, graded, titles)
    .filter((o) => (last.estados?.[o.id] ?? feedbackState(o)) !== 'domina')
    .map((o) => {
      const teaching = module.lecciones.filter((l) => lessonObjectives(module, l.lessonId).includes(o.id)).map((l) => l.lessonId);
      const lecciones = [...new Set([...o.repasar.map((r) => r.lessonId), ...teaching])].slice(0, 3);
      return { id: o.id, enunciado: o.enunciado, bloom: o.bloom, conceptosErroneos: o.conceptosErroneos.slice(0, 6), lecciones };
    });
  return { intento: attempts.length, objetivos, graded: graded.length > 0 };
}
