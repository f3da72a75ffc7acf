import { EVALUATION_RULES, type EvaluationRequest, type EvaluationResult, type EvaluationSubmission, type PublicEvaluation } from '../contract';
import { modelFailure } from '../shared/ai/api-errors';
import type { StructuredModel } from '../shared/ai/structured-output';
import { conflict, notFound, tooMany } from '../shared/errors';
import type { CourseStore, EvaluationItem, GenerationStore } from '../course-model';
import type { EvaluationStore } from './evaluation-store';
import { grade, toPublicEvaluation } from './grading';
import { metered, type ModelAllowance } from '../plans';
import { type ModelJobDeps, startModelJob } from '../jobs';
import { topUpModuleBank, writeModuleBank, type ModuleBankDeps } from './module-bank';
import { allowance, currentVariant, drawVariant, seenQuestions } from './variants';
import { drawClaimed, releaseVariant, unavailable } from './source-claims';
import type { ReviewHooks } from '../review';
import type { LearnerModel } from '../learner-model';
import type { GradedAttempt } from '../lms-grades';
import { logger } from '../shared/logger';
import { knownDifficulty, withItemWithdrawals, type ItemDeps } from './item-withdrawal';
import { ruleEvidenceOf } from './rule-evidence';
import { settleStates, statesOf, studyPointers } from './objective-feedback';

const NOT_FOUND = 'No encontramos esa evaluación en tu curso.';
const CHANGED = 'La evaluación cambió mientras respondías. Vuelve a cargarla.';

export interface EvaluationDeps {
  evaluations: EvaluationStore;
  store: CourseStore;
  gen: GenerationStore;
  model: StructuredModel;
  now?: () => number;
  /** The plan's daily new evaluations (`regenerar`); the route's, not the job's (the route paid). */
  variants?: ModelAllowance;
  /** Spaced review: the questions answered wrong become review cards. */
  review?: Pick<ReviewHooks, 'evaluationGraded'>;
  /** Issue 32: each graded answer is evidence on its objective (lambdas/learner-model). */
  learner?: Pick<LearnerModel, 'recordEvidence'>;
  /** Per-question statistics and withdrawal (question-reports.ts questionsGraded), after the attempt is recorded. */
  questions?: { graded(userId: string, e: EvaluationItem, aprobado: boolean, graded: { preguntaId: string; correcta: boolean }[]): Promise<unknown> };
  /** Issue 33: the learner's profile, so a bank written or topped up addresses them as the lessons do. */
  profiles?: ModuleBankDeps['profiles'];
  /** Issue 41 item 3: items withdrawn in any bank are not drawn from this one (item-withdrawal.ts). */
  items?: ItemDeps;
  /** Issue 45 item 4: an LMS course's aula copy queues the attempt's score for the LMS (lambdas/lms-grades; a job sends it). */
  lms?: { graded(attempt: GradedAttempt): Promise<unknown> };
}

/**
 * The variant in force; draws one among the questions this learner never met when there is none.
 * `variant` is undefined when too few are left: the bank needs a top-up first.
 */
async function variantOf(deps: EvaluationDeps, userId: string, bank: EvaluationItem) {
  const current = currentVariant(bank);
  if (current) return { e: bank, variant: current };
  const e = await withItemWithdrawals(deps.items, userId, bank);
  const next = await drawClaimed(deps.evaluations.claims, userId, e);
  if (!next) return { e, variant: undefined };
  if (await deps.evaluations.setVariant(userId, e.courseId, e.moduleId, next, e.variante?.id)) return { e, variant: next };
  await releaseVariant(deps.evaluations.claims, userId, e, next);
  // Another request drew one first: use it.
  const again = await deps.evaluations.get(userId, e.courseId, e.moduleId);
  const theirs = again && currentVariant(again);
  if (!again || !theirs) throw conflict(CHANGED);
  return { e: again, variant: theirs };
}

/** Whether GET can answer at once: a bank exists and it has a variant or enough unseen questions for one. */
const answersAtOnce = async (deps: EvaluationDeps, userId: string, e: EvaluationItem | undefined) =>
  e?.estado === 'lista' && Boolean(currentVariant(e) ?? drawVariant(await withItemWithdrawals(deps.items, userId, e), await unavailable(deps.evaluations.claims, e)));

/**
 * The current attempt's questions without answers. Run by the model job when the bank must be
 * written (asked to, or missing) or topped up (its unseen questions ran out, issue 20).
 */
export async function getOrGenerateEvaluation(deps: EvaluationDeps, userId: string, req: EvaluationRequest): Promise<PublicEvaluation> {
  const [existing, course] = await Promise.all([deps.evaluations.get(userId, req.courseId, req.moduleId), deps.store.get(userId, req.courseId)]);
  const module = course?.modulos?.find((m) => m.moduleId === req.moduleId);
  if (!course || !module) throw notFound(NOT_FOUND);
  const curso = { topic: course.topic, level: course.nivel, titulo: course.titulo };
  let e = existing?.estado === 'lista' && !req.regenerar ? existing : undefined;
  if (!e) {
    const write = () => writeModuleBank(deps, userId, req.courseId, curso, module).catch(modelFailure);
    const written = await metered(req.regenerar ? deps.variants : undefined, userId, write);
    e = { ...written, intentos: existing?.intentos, variante: existing?.variante };
  }
  let drawn = await variantOf(deps, userId, e);
  // An aula copy may find the stems of its new questions claimed meanwhile by another member's draw
  // (docs/evaluations.md "One bank, many accounts"): it tops up once more, past those stems.
  for (let round = 0; !drawn.variant && round < (e.origen ? 3 : 1); round++) {
    const topped = await topUpModuleBank(deps, userId, drawn.e, curso, module).catch(modelFailure);
    const fresh = topped ?? (await deps.evaluations.get(userId, req.courseId, req.moduleId));
    if (!fresh) throw notFound(NOT_FOUND);
    drawn = await variantOf(deps, userId, fresh);
  }
  const { e: used, variant } = drawn;
  if (!variant) throw conflict(CHANGED);
  return toPublicEvaluation(used, variant, `Evaluación: ${module.titulo}`, allowance(used.intentos, (deps.now ?? Date.now)()));
}

/**
 * POST /evaluacion/generate: the evaluation in force answers at once; a new bank (`regenerar`) or
 * a top-up (no unseen questions left for an attempt, or no bank yet) is a model job, and every
 * model job is paid before it starts (issue 40): `regenerar` by the daily new evaluations, a top-up
 * by the daily top-ups, each with its hold on the month's AI budget (429 in Spanish when spent).
 * Attempts a day bound a module's top-ups; `recargasEvaluacion` bounds a learner's, however many aulas.
 */
export async function requestEvaluation(deps: EvaluationDeps & { jobs: ModelJobDeps; variants: ModelAllowance; topUps: ModelAllowance }, userId: string, req: EvaluationRequest) {
  const [existing, course] = await Promise.all([deps.evaluations.get(userId, req.courseId, req.moduleId), deps.store.get(userId, req.courseId)]);
  if (!course?.modulos?.some((m) => m.moduleId === req.moduleId)) throw notFound(NOT_FOUND);
  if (!req.regenerar && (await answersAtOnce(deps, userId, existing))) return { data: await getOrGenerateEvaluation(deps, userId, req) };
  return startModelJob(deps.jobs, req.regenerar ? deps.variants : deps.topUps, userId, 'evaluacion', req, req.courseId);
}

const waitText = (until: string, now: number) => {
  const hours = Math.max(1, Math.ceil((Date.parse(until) - now) / 3_600_000));
  return hours === 1 ? 'dentro de una hora' : `dentro de ${hours} horas`;
};

/**
 * Grades the current variant and puts the next one in place in the same write, drawn among the
 * questions never met (none when they ran out: the next GET tops the bank up). At most
 * EVALUATION_RULES.attemptsPerDay attempts per module in 24 hours.
 */
export async function submitEvaluation(deps: EvaluationDeps, userId: string, courseId: string, moduleId: string, submission: EvaluationSubmission): Promise<EvaluationResult> {
  const [e, course] = await Promise.all([deps.evaluations.get(userId, courseId, moduleId), deps.store.get(userId, courseId)]);
  const module = course?.modulos?.find((m) => m.moduleId === moduleId);
  if (!e || e.estado !== 'lista' || !module) throw notFound(NOT_FOUND);
  const now = (deps.now ?? Date.now)();
  const left = allowance(e.intentos, now);
  if (!left.restantes) {
    throw tooMany(`Has hecho los ${EVALUATION_RULES.attemptsPerDay} intentos permitidos en 24 horas para este módulo. Repasa las lecciones y vuelve ${waitText(left.proximo as string, now)}.`);
  }
  const variant = currentVariant(e);
  if (!variant) throw conflict(CHANGED);
  const titles = Object.fromEntries(module.lecciones.map((l) => [l.lessonId, l.titulo]));
  const { result, respuestas } = grade(e, variant, submission, titles, module);
  const drawn = variant.preguntas.map((p) => p.preguntaId);
  const attempt = { version: variant.id, score: result.score, aprobado: result.aprobado, fecha: new Date(now).toISOString(), respuestas, preguntas: drawn };
  const seen = seenQuestions([...(e.intentos ?? []), attempt]);
  // An aula copy's next questions are claimed first; a busy ledger leaves the next draw to the next GET.
  const next = await withItemWithdrawals(deps.items, userId, e).then((drawable) => drawClaimed(deps.evaluations.claims, userId, drawable, seen)).catch(() => undefined);
  const intento = await deps.evaluations.addAttempt(userId, courseId, moduleId, attempt, variant.bankVersion, next);
  if (intento === undefined) {
    await releaseVariant(deps.evaluations.claims, userId, e, next);
    throw conflict('La evaluación cambió o alcanzó el máximo de intentos. Vuelve a cargarla.');
  }
  if (course?.deAula && deps.lms) {
    const passedElsewhere = async () => {
      const others = await Promise.all(course.modulos.filter((m) => m.moduleId !== moduleId).map((m) => deps.evaluations.get(userId, courseId, m.moduleId)));
      return others.filter((o) => o?.intentos?.some((i) => i.aprobado)).length;
    };
    const passedHere = attempt.aprobado || (e.intentos ?? []).some((i) => i.aprobado);
    // Best effort, like the cards: the attempt is recorded; a score not queued shows to nobody but the logs.
    await deps.lms.graded({
      // The teacher's course this copy is of (a copy made before `deCurso` was kept: its bank's origin names it).
      userId, course: { courseId, titulo: course.titulo, deAula: course.deAula, deCurso: course.deCurso ?? e.origen?.courseId, modulos: course.modulos }, moduleId, intento, score: result.score, fecha: attempt.fecha,
      modulesPassed: async () => (await passedElsewhere()) + (passedHere ? 1 : 0),
    }).catch((error: unknown) => logger.warn('LMS score not queued', { error }));
  }
  await deps.review?.evaluationGraded(userId, e, module.titulo, result.resultados.filter((r) => !r.correcta));
  // Best effort, like the cards: the attempt is recorded; a lost estimate update must not turn the result into an error.
  // Issue 41 item 3: each item's difficulty, once enough learners answered it, moves its guess and slip (lambdas/learner-model).
  // Each answer carries its question's test-wise rule hits (rule-evidence.ts), computed from the bank question already read.
  const difficulty = await knownDifficulty(deps.items, e, result.resultados.map((r) => r.preguntaId));
  const bankQuestion = new Map(e.preguntas.map((q) => [q.preguntaId, q]));
  const evidence = result.resultados.flatMap((r) => {
    const q = bankQuestion.get(r.preguntaId);
    return r.objetivoId ? [{ objectiveKey: `${moduleId}.${r.objetivoId}`, correct: r.correcta, source: 'evaluacion' as const, itemId: `${moduleId}.${r.preguntaId}`, ...(difficulty[r.preguntaId] !== undefined && { dificultad: difficulty[r.preguntaId] }), ...(q && { reglas: ruleEvidenceOf(q) }) }] : [];
  });
  const known = await deps.learner?.recordEvidence(userId, courseId, evidence).catch((error: unknown) => logger.warn('learner model not updated', { error }));
  await deps.questions?.graded(userId, e, result.aprobado, result.resultados);
  // Issue 41: "Te falta" or "Aún no está claro" from what the model now believes, read in the write it already makes.
  const objetivos = result.objetivos && settleStates(result.objetivos, moduleId, known, studyPointers(module, result.resultados, titles));
  // Kept with the attempt (best effort), so the Refuerzo guiado is written for what this result showed.
  if (objetivos && known) await deps.evaluations.settleAttempt?.(userId, courseId, moduleId, intento, attempt.fecha, statesOf(objetivos)).catch((error: unknown) => logger.warn('attempt states not kept', { error }));
  return { intento, ...result, ...(objetivos && { objetivos }), intentosRestantesHoy: left.restantes - 1 };
}
