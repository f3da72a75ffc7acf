import { OPTION_LETTERS, PASS_MARK, type EvaluationQuestionResult, type EvaluationResult, type EvaluationSubmission, type PublicEvaluation } from '../contract';
import { conflict } from '../shared/errors';
import type { EvaluationItem, EvaluationVariant, OutlineModule } from '../course-model';
import { objectiveFeedback, questionFeedback } from './objective-feedback';

type Question = EvaluationItem['preguntas'][number];
const byId = (e: EvaluationItem) => new Map(e.preguntas.map((q) => [q.preguntaId, q]));
const bankLetter = (index: number | undefined) => (index === undefined ? undefined : OPTION_LETTERS[index]);

/** The current variant without its answer key: what a learner may see before submitting. */
export function toPublicEvaluation(e: EvaluationItem, variant: EvaluationVariant, titulo: string, left: { restantes: number; proximo?: string }): PublicEvaluation {
  const bank = byId(e);
  return {
    courseId: e.courseId,
    moduleId: e.moduleId,
    titulo,
    aprobarCon: PASS_MARK,
    varianteId: variant.id,
    intentosRestantesHoy: left.restantes,
    ...(left.proximo && { proximoIntentoEn: left.proximo }),
    preguntas: variant.preguntas.map(({ preguntaId, orden }) => {
      const q = bank.get(preguntaId) as Question;
      return { preguntaId, enunciado: q.enunciado, opciones: orden.map((from, i) => ({ opcion: OPTION_LETTERS[i], texto: q.opciones[from] })) };
    }),
  };
}

/** Every option explained, in the order the learner saw them. */
const review = (q: Question, orden: number[]) => ({
  opciones: orden.map((from, i) => ({
    opcion: OPTION_LETTERS[i],
    texto: q.opciones[from],
    correcta: OPTION_LETTERS[from] === q.correcta,
    explicacion: q.explicaciones?.[from] ?? (OPTION_LETTERS[from] === q.correcta ? q.explicacion : ''),
  })),
});

/**
 * Grades a submission against the current variant (letters mapped back to the bank's order);
 * an unanswered question counts as wrong. A failed attempt says which questions were wrong and
 * where to study them, never which option was right: the bank outlives the attempt.
 */
export function grade(e: EvaluationItem, variant: EvaluationVariant, submission: EvaluationSubmission, lessonTitles: Record<string, string>, module?: Pick<OutlineModule, 'objetivos' | 'lecciones'>) {
  const drawn = new Map(variant.preguntas.map((p) => [p.preguntaId, p.orden]));
  if ((submission.varianteId && submission.varianteId !== variant.id) || submission.answers.some((a) => !drawn.has(a.preguntaId))) {
    throw conflict('Estas preguntas ya no son las de tu intento actual. Vuelve a cargar la evaluación.');
  }
  const chosen = new Map(submission.answers.map((a) => [a.preguntaId, a.opcion]));
  const bank = byId(e);
  const graded = variant.preguntas.map(({ preguntaId, orden }) => {
    const q = bank.get(preguntaId) as Question;
    const shown = chosen.get(preguntaId);
    const inBank = bankLetter(shown && orden[OPTION_LETTERS.indexOf(shown)]);
    return { q, orden, shown, inBank, correcta: inBank === q.correcta };
  });
  const correctas = graded.filter((g) => g.correcta).length;
  const total = graded.length;
  const score = total ? Math.round((correctas / total) * 100) : 0;
  const aprobado = score >= PASS_MARK;
  const pointed = graded.map((g) => ({
    ...g,
    chosen: g.inBank ? OPTION_LETTERS.indexOf(g.inBank) : undefined,
    repasar: g.correcta ? undefined : { lessonId: g.q.lessonId ?? '', leccion: lessonTitles[g.q.lessonId ?? ''] ?? 'las lecciones de este módulo', ...(g.q.seccion && { seccion: g.q.seccion }) },
  }));
  const resultados: EvaluationQuestionResult[] = pointed.map((g) => ({
    preguntaId: g.q.preguntaId,
    enunciado: g.q.enunciado,
    correcta: g.correcta,
    ...(g.shown && { opcionElegida: g.shown }),
    ...(g.repasar && { repasar: g.repasar }),
    ...(aprobado && { revision: review(g.q, g.orden) }),
    // Grounded courses (issue 24): the learner's own page the question was drawn from, once answered.
    ...(g.q.material && { fuente: g.q.material }),
    // Issue 32: the objective measured and, for a wrong answer, the misconception the chosen option reveals.
    ...(module && questionFeedback(module, g)),
  }));
  const respuestas = Object.fromEntries(graded.flatMap((g) => (g.inBank ? [[g.q.preguntaId, g.inBank]] : [])));
  const objetivos = module && objectiveFeedback(module, pointed, lessonTitles);
  const result: Omit<EvaluationResult, 'intento' | 'intentosRestantesHoy'> = { score, correctas, total, aprobado, resultados, ...(objetivos?.length && { objetivos }) };
  return { result, respuestas };
}
