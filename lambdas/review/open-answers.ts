import type { GradingRequest, OpenAnswerRequest, OpenVerdict, Veredicto } from '../contract';
import { type ModelJobDeps, startModelJob } from '../jobs';
import type { ModelAllowance } from '../plans';
import { modelFailure } from '../shared/ai/api-errors';
import type { StructuredModel } from '../shared/ai/structured-output';
import { clock } from '../shared/clock';
import { notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import type { CardStore } from './card-store';
import { cardsFromLesson } from './cards';
import type { EvidencePort } from './evidence';
import { gradingPrompt } from './grading-prompt';
import { fenceLearnerText } from './learner-text';
import { answerOf, fingerprintOf, type ReplayStore } from './replays';
import type { ReadPracticeLesson } from './lesson-reader';
import { answeredState } from './scheduling';

// Answers in the learner's own words (issue 32 item 5, docs/learning.md "Open answers").
// The route reads the question and its rubric from the stored lesson, takes one unit of the plan's
// daily `respuestasAbiertas` and starts a model job; it never waits on the model (a grading
// call takes a few seconds, the web follows GET /jobs/{id} every second). The job grades, then
// tells the learner model and enters the question into spaced review, rated from the verdict.

const QUESTION_NOT_FOUND = 'No encontramos esa pregunta en la lección.';

export interface StartGradingDeps {
  readLesson: ReadPracticeLesson;
  jobs: ModelJobDeps;
  /** The plan's daily open answers (lambdas/plans): taken before the job starts, back if it fails. */
  allowance: ModelAllowance;
  /** Issue 44: the outbox's replays of a keyed answer get the first answer's job (replays.ts). */
  replays?: ReplayStore;
}

export interface Where {
  courseId: string;
  moduleId: string;
  lessonId: string;
}

/**
 * POST …/lessons/{lessonId}/self-check: the question must be one of the learner's own lesson's. With the
 * outbox's key, every replay answers the first request's job: one grading, one unit of the day's answers.
 */
export async function startSelfCheckGrading(deps: StartGradingDeps, userId: string, where: Where, body: OpenAnswerRequest, key?: string) {
  const replays = key ? deps.replays : undefined;
  if (key && !replays) throw new Error('a keyed answer needs the replay store');
  const fingerprint = fingerprintOf('self-check', { ...where, ...body });
  const [lesson, replay] = await Promise.all([deps.readLesson(userId, where.courseId, where.moduleId, where.lessonId), key && replays?.get(userId, key)]);
  const card = lesson && cardsFromLesson(where.courseId, where.moduleId, where.lessonId, lesson.titulo, lesson.contenido)[body.pregunta - 1];
  if (!lesson || !card?.respuesta) throw notFound(QUESTION_NOT_FOUND);
  if (replay) return answerOf<{ jobId: string }>(replay, fingerprint);
  const request: GradingRequest = {
    ...where,
    pregunta: body.pregunta,
    enunciado: card.enunciado,
    rubrica: card.respuesta,
    respuesta: body.respuesta,
    ...(lesson.objetivo && { objetivo: lesson.objetivo }),
    claveOrigen: card.claveOrigen,
    leccion: lesson.titulo,
  };
  if (!key || !replays) return startModelJob(deps.jobs, deps.allowance, userId, 'respuesta', request, where.courseId);
  // Concurrent copies of one entry join one job through its lock (named by the key); the first to write the
  // replay record fixes the answer, and a copy that finds one answers it.
  const started = await startModelJob(deps.jobs, deps.allowance, userId, 'respuesta', request, where.courseId, `respuesta#clave#${key}`);
  if (await replays.put(userId, key, { fingerprint, answer: started }, clock.now())) return started;
  const first = await replays.get(userId, key);
  return first ? answerOf<{ jobId: string }>(first, fingerprint) : started;
}

export interface GradingDeps {
  model: StructuredModel;
  cards: Pick<CardStore, 'addCards'>;
  evidence: EvidencePort;
  now: () => Date;
}

const RATING: Record<Veredicto, 'bien' | 'dificil' | 'otra_vez'> = { correcta: 'bien', parcial: 'dificil', incorrecta: 'otra_vez' };
const SCORE: Record<Veredicto, number> = { correcta: 1, parcial: 0.5, incorrecta: 0 };

/** The model job: the verdict, then (best effort, never failing the verdict) the learner model and review. */
export async function gradeOpenAnswer(deps: GradingDeps, userId: string, req: GradingRequest): Promise<OpenVerdict> {
  const data = { pregunta: req.enunciado, rubrica: req.rubrica, respuesta: fenceLearnerText(req.respuesta) };
  const { value } = await deps.model(gradingPrompt, data).catch(modelFailure);
  const now = deps.now();
  const card = { ...cardsFromLessonPart(req), cardId: crypto.randomUUID() };
  await Promise.all([
    req.objetivo ? deps.evidence.record(userId, req.courseId, [{ objetivo: req.objetivo, acierto: SCORE[value.veredicto], fuente: 'abierta', item: req.claveOrigen }]) : undefined,
    // A question already carded (the lesson was completed) keeps its schedule: the marker refuses a second card.
    deps.cards.addCards(userId, [card], answeredState(RATING[value.veredicto], now), now),
  ].map((p) => Promise.resolve(p).catch((error: unknown) => logger.warn('open answer: learner model or review not updated', { error: error as Error }))));
  return value;
}

/** The review card of the question answered: the same as the lesson's completion makes. */
const cardsFromLessonPart = (req: GradingRequest) => ({
  claveOrigen: req.claveOrigen,
  courseId: req.courseId,
  moduleId: req.moduleId,
  lessonId: req.lessonId,
  ...(req.objetivo && { objetivo: req.objetivo }),
  tipo: 'abierta' as const,
  origen: req.origen ?? `Lección: ${req.leccion}`,
  enunciado: req.enunciado,
  respuesta: req.rubrica,
  explicacion: `Si dudas, vuelve a la lección «${req.leccion}».`,
});
