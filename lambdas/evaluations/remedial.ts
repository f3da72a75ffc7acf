import { randomInt } from 'node:crypto';
import { OPTION_LETTERS, REFUERZO_ITEMS, type GradingRequest, type PracticeFeedback, type RemedialAnswer, type RemedialOpenAnswer, type RemedialPiece, type RemedialRequest } from '../contract';
import type { CourseStore } from '../course-model';
import { type ModelJobDeps, startModelJob } from '../jobs';
import type { LearnerModel } from '../learner-model';
import type { ReviewHooks } from '../review';
import type { ModelAllowance } from '../plans';
import { modelFailure } from '../shared/ai/api-errors';
import type { StructuredModel } from '../shared/ai/structured-output';
import { conflict, notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import type { EvaluationStore } from './evaluation-store';
import { diagnoseLastAttempt } from './remedial-diagnosis';
import { remedialPrompt, type RemedialOutput } from './remedial-prompt';
import type { RemedialItem, RemedialStore } from './remedial-store';

// The corrective loop (issue 32 item 4, docs/learning.md "The corrective loop"). POST …/refuerzo opens
// the learner's Refuerzo guiado for their last attempt: the stored one at once, else a model job
// (kind `refuerzo`, paid by the plan's daily `refuerzos`) writes it; the web follows GET /jobs/{id}
// and asks again. POST …/refuerzo/respuesta grades a practice item by code, at once, and tells the
// learner model (source `practica`). Retrying the evaluation never needs any of this.

const NOT_FOUND = 'No encontramos esa evaluación en tu curso.';
const NO_ATTEMPT = 'Todavía no has hecho ningún intento de esta evaluación.';
const ALL_SHOWN = 'Tu último intento demostró todos los objetivos de este módulo: no necesitas refuerzo. Puedes seguir con el siguiente módulo.';
const BANK_CHANGED = 'Las preguntas de tu último intento ya no están en la evaluación. Haz un intento nuevo y prepararemos tu refuerzo.';
const NO_PIECE = 'Todavía no tienes un refuerzo guiado para este módulo.';
const NO_ITEM = 'No encontramos ese ejercicio en tu refuerzo.';
const NO_OPEN = 'Tu refuerzo no tiene una pregunta abierta. Vuelve a abrirlo.';
/** Each lesson's text sent to the writer: enough for the ideas, far below the model's input. */
const LESSON_CHARS = 4000;

export interface OpenRemedialDeps {
  evaluations: Pick<EvaluationStore, 'get'>;
  store: Pick<CourseStore, 'get'>;
  remedials: RemedialStore;
  jobs: ModelJobDeps;
  /** The plan's daily `refuerzos`: taken before the job starts, given back if it fails. */
  allowance: ModelAllowance;
}

/** POST …/refuerzo: the piece written after the last attempt, or the job that writes it. */
export async function openRemedial(deps: OpenRemedialDeps, userId: string, courseId: string, moduleId: string): Promise<{ data: RemedialPiece } | { jobId: string }> {
  const [e, course] = await Promise.all([deps.evaluations.get(userId, courseId, moduleId), deps.store.get(userId, courseId)]);
  const module = course?.modulos?.find((m) => m.moduleId === moduleId);
  if (!e || !module) throw notFound(NOT_FOUND);
  const diagnosis = diagnoseLastAttempt(e, module);
  if (!diagnosis) throw notFound(NO_ATTEMPT);
  const stored = await deps.remedials.get(userId, courseId, moduleId);
  if (stored?.intento === diagnosis.intento) return { data: toPiece(stored) };
  if (!diagnosis.graded) throw conflict(BANK_CHANGED);
  if (!diagnosis.objetivos.length) throw conflict(ALL_SHOWN);
  const request: RemedialRequest = { courseId, moduleId, intento: diagnosis.intento, objetivos: diagnosis.objetivos };
  return startModelJob(deps.jobs, deps.allowance, userId, 'refuerzo', request, courseId);
}

export interface WriteRemedialDeps {
  model: StructuredModel;
  store: Pick<CourseStore, 'items'>;
  remedials: Pick<RemedialStore, 'put'>;
  now: () => Date;
}

/** Fisher–Yates with crypto.randomInt: where the right option lands is never the model's choice. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Faded worked example: the first half solved, the rest (at least one step) for the learner to complete. */
const faded = (pasos: RemedialOutput['ejemplo']['pasos']) => {
  const shown = Math.max(1, Math.min(pasos.length - 1, Math.ceil(pasos.length / 2)));
  return pasos.map((p, i) => ({ texto: p.texto, solucion: p.solucion, completar: i >= shown }));
};

/** The model job: writes the piece from the lessons that teach the weak objectives, and stores it. */
export async function writeRemedial(deps: WriteRemedialDeps, userId: string, req: RemedialRequest) {
  const items = await deps.store.items(userId, req.courseId, true);
  const module = items?.course.modulos?.find((m) => m.moduleId === req.moduleId);
  if (!items || !module) throw notFound(NOT_FOUND);
  const text = new Map(items.lessons.filter((l) => l.moduleId === req.moduleId).map((l) => [l.lessonId, l.contenido]));
  const titles = new Map(module.lecciones.map((l) => [l.lessonId, l.titulo]));
  const data = {
    curso: { titulo: items.course.titulo, tema: items.course.topic, nivel: items.course.nivel },
    modulo: module.titulo,
    ejercicios: Math.min(REFUERZO_ITEMS.max, Math.max(REFUERZO_ITEMS.min, req.objetivos.length + 1)),
    objetivos: req.objetivos.map((o) => ({
      id: o.id,
      enunciado: o.enunciado,
      bloom: o.bloom,
      ideasEquivocadas: o.conceptosErroneos,
      lecciones: o.lecciones.flatMap((id) => {
        const contenido = text.get(id);
        return contenido ? [{ titulo: titles.get(id) ?? '', texto: contenido.slice(0, LESSON_CHARS) }] : [];
      }),
    })),
  };
  const { value, promptVersion, modelId } = await deps.model(remedialPrompt, data).catch(modelFailure);
  const weak = new Set(req.objetivos.map((o) => o.id));
  const item: RemedialItem = {
    courseId: req.courseId,
    moduleId: req.moduleId,
    intento: req.intento,
    titulo: value.titulo,
    objetivos: req.objetivos.map((o) => ({ id: o.id, enunciado: o.enunciado })),
    explicacion: value.explicacion,
    ejemplo: { enunciado: value.ejemplo.enunciado, pasos: faded(value.ejemplo.pasos) },
    practica: value.practica.map((q) => {
      const opciones = shuffled(q.opciones);
      return {
        // An item on an objective the attempt did not leave short practises the first weak one instead.
        objetivoId: weak.has(q.objetivoId) ? q.objetivoId : req.objetivos[0].id,
        enunciado: q.enunciado,
        opciones: opciones.map((o) => o.texto),
        correcta: opciones.findIndex((o) => o.correcta),
        explicaciones: opciones.map((o) => o.explicacion),
      };
    }),
    abierta: openQuestion(value.abierta, req, module.lecciones, weak),
    respuestas: {},
    creadoEn: deps.now().toISOString(),
    promptVersion,
    modelId,
  };
  await deps.remedials.put(userId, item);
  return { kind: 'refuerzo' as const, courseId: req.courseId, moduleId: req.moduleId };
}

/** The open question as stored: on a weak objective, with the lesson that teaches it (for its review card and the grader's job). */
function openQuestion(q: RemedialOutput['abierta'], req: RemedialRequest, lessons: { lessonId: string; titulo: string }[], weak: Set<string>): RemedialItem['abierta'] {
  const objetivo = req.objetivos.find((o) => o.id === q.objetivoId && weak.has(o.id)) ?? req.objetivos[0];
  const lesson = lessons.find((l) => objetivo.lecciones.includes(l.lessonId)) ?? lessons[0];
  return { objetivoId: objetivo.id, enunciado: q.enunciado, rubrica: q.rubrica, lessonId: lesson?.lessonId ?? 'l01', leccion: lesson?.titulo ?? '' };
}

const feedbackOf = (r: RemedialItem, index: number, opcion: (typeof OPTION_LETTERS)[number]): PracticeFeedback => {
  const q = r.practica[index];
  return {
    item: index + 1,
    correcta: OPTION_LETTERS.indexOf(opcion) === q.correcta,
    opcionElegida: opcion,
    opciones: q.opciones.map((texto, i) => ({ opcion: OPTION_LETTERS[i], texto, correcta: i === q.correcta, explicacion: q.explicaciones[i] ?? '' })),
  };
};

/** What the learner reads: no right option until its item is answered. */
export function toPiece(r: RemedialItem): RemedialPiece {
  return {
    courseId: r.courseId,
    moduleId: r.moduleId,
    intento: r.intento,
    titulo: r.titulo,
    objetivos: r.objetivos,
    explicacion: r.explicacion,
    ejemplo: r.ejemplo,
    practica: r.practica.map((q, i) => {
      const chosen = r.respuestas?.[String(i + 1)];
      return {
        item: i + 1,
        objetivoId: q.objetivoId,
        enunciado: q.enunciado,
        opciones: q.opciones.map((texto, j) => ({ opcion: OPTION_LETTERS[j], texto })),
        ...(chosen && { respuesta: feedbackOf(r, i, chosen) }),
      };
    }),
    ...(r.abierta && { abierta: { objetivoId: r.abierta.objetivoId, enunciado: r.abierta.enunciado } }),
    creadoEn: r.creadoEn,
  };
}

export interface AnswerPracticeDeps {
  remedials: RemedialStore;
  learner?: Pick<LearnerModel, 'recordEvidence'>;
  /** Issue 32 item 6: every item answered enters spaced review (best effort inside the hook). */
  review?: Pick<ReviewHooks, 'practiceAnswered'>;
}

/**
 * POST …/refuerzo/respuesta: right or not and every option explained, at once. The first answer to an
 * item counts (one conditional write): it alone is evidence for the learner model; asking again
 * answers the feedback it got.
 */
export async function answerPractice(deps: AnswerPracticeDeps, userId: string, courseId: string, moduleId: string, body: RemedialAnswer): Promise<PracticeFeedback> {
  const r = await deps.remedials.get(userId, courseId, moduleId);
  if (!r) throw notFound(NO_PIECE);
  const q = r.practica[body.item - 1];
  if (!q) throw notFound(NO_ITEM);
  const before = r.respuestas?.[String(body.item)];
  if (before) return feedbackOf(r, body.item - 1, before);
  if (!(await deps.remedials.answer(userId, courseId, moduleId, r.intento, body.item, body.opcion))) {
    // Another tab answered first (or a new piece replaced this one): what counted is what it recorded.
    const now = await deps.remedials.get(userId, courseId, moduleId);
    const theirs = now?.intento === r.intento ? now.respuestas?.[String(body.item)] : undefined;
    if (!theirs) throw conflict('Tu refuerzo cambió mientras respondías. Vuelve a abrirlo.');
    return feedbackOf(r, body.item - 1, theirs);
  }
  const feedback = feedbackOf(r, body.item - 1, body.opcion);
  // Best effort, like a graded attempt's evidence: the answer is recorded; a lost update must not hide the feedback.
  const objetivo = `${moduleId}.${q.objetivoId}`;
  await Promise.all([
    deps.learner
      ?.recordEvidence(userId, courseId, [{ objectiveKey: objetivo, correct: feedback.correcta, source: 'practica', itemId: `${moduleId}.refuerzo${r.intento}.p${body.item}` }])
      .catch((error: unknown) => logger.warn('learner model not updated from practice', { error })),
    deps.review?.practiceAnswered(userId, { courseId, moduleId, intento: r.intento, item: body.item, titulo: r.titulo, objetivo, ...q }, feedback.correcta),
  ]);
  return feedback;
}

export interface OpenAnswerDeps {
  remedials: Pick<RemedialStore, 'get'>;
  jobs: ModelJobDeps;
  /** The plan's daily `respuestasAbiertas`, as for a lesson's self-check: taken before the job starts, back if it fails. */
  openAllowance: ModelAllowance;
}

/**
 * POST …/refuerzo/abierta (issue 32 item 5): the piece's open question graded by the open-answer
 * grader (lambdas/review gradeOpenAnswer, the `respuesta` job): question and rubric from the stored
 * piece, never from the client; the learner's text is fenced as data there. The verdict is evidence
 * (`abierta`) for the objective and the question a review card.
 */
export async function startOpenAnswer(deps: OpenAnswerDeps, userId: string, courseId: string, moduleId: string, body: RemedialOpenAnswer) {
  const r = await deps.remedials.get(userId, courseId, moduleId);
  if (!r) throw notFound(NO_PIECE);
  if (!r.abierta) throw notFound(NO_OPEN);
  const request: GradingRequest = {
    courseId,
    moduleId,
    lessonId: r.abierta.lessonId,
    pregunta: 1,
    enunciado: r.abierta.enunciado,
    rubrica: r.abierta.rubrica,
    respuesta: body.respuesta,
    objetivo: `${moduleId}.${r.abierta.objetivoId}`,
    claveOrigen: `${courseId}.${moduleId}.refuerzo${r.intento}.abierta`,
    leccion: r.abierta.leccion,
    origen: `Refuerzo guiado: ${r.titulo}`,
  };
  return startModelJob(deps.jobs, deps.openAllowance, userId, 'respuesta', request, courseId);
}
