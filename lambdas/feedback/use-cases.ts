import type { FeedbackAnswer, FeedbackRequest, TutorTurn } from '../contract';
import { COURSE_NOT_FOUND, type CourseStore } from '../course-model';
import { conflict, notFound } from '../shared/errors';
import type { FeedbackStore } from './feedback-store';

/**
 * The tutor's turns of one course, where a rated answer is found. A port of this room, which the tutor's
 * store fills (lambdas/tutor/handler.ts hands it in): feedback stands below the tutor and never imports it.
 */
export interface TutorTurns {
  conversation(userId: string, courseId: string): Promise<{ turnos: TutorTurn[] }>;
}

export interface FeedbackDeps {
  courses: CourseStore;
  tutor: TutorTurns;
  feedback: FeedbackStore;
  now?: () => Date;
}

const LESSON_NOT_FOUND = 'No encontramos esa lección en tu curso.';
const ANSWER_NOT_FOUND = 'No encontramos esa respuesta del tutor en tu conversación.';
const UNKNOWN = 'desconocido';

/** What is being rated, under which prompt version and model: read from the learner's own items. */
async function targetOf(deps: FeedbackDeps, userId: string, req: FeedbackRequest) {
  const course = await deps.courses.get(userId, req.courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (req.tipo === 'leccion') {
    const lesson = course.modulos?.find((m) => m.moduleId === req.moduleId)?.lecciones.find((l) => l.lessonId === req.lessonId);
    if (!lesson) throw notFound(LESSON_NOT_FOUND);
    // Lessons record their prompt version per course; the model is the course's (one per tier).
    const modelos = course.modelos ? [...course.modelos].sort() : [];
    return { target: `L#${req.moduleId}#${req.lessonId}`, versionPrompt: course.versionesPrompt?.lesson ?? UNKNOWN, modelo: modelos.join('+') || UNKNOWN };
  }
  const conv = await deps.tutor.conversation(userId, req.courseId);
  const turn = conv.turnos.find((t) => t.rol === 'tutor' && t.fecha === req.respuesta);
  if (!turn) throw notFound(ANSWER_NOT_FOUND);
  return { target: `T#${turn.fecha}`, versionPrompt: turn.version ?? 'tutor-v1', modelo: turn.modelo ?? UNKNOWN };
}

/** Records a 👍/👎 (replacing the learner's earlier vote on the same target) and moves the counters. */
export async function recordFeedback(deps: FeedbackDeps, userId: string, req: FeedbackRequest): Promise<FeedbackAnswer> {
  const t = await targetOf(deps, userId, req);
  const fecha = (deps.now ?? (() => new Date()))().toISOString();
  const vote = { userId, courseId: req.courseId, tipo: req.tipo, valoracion: req.valoracion, ...(req.motivo && { motivo: req.motivo }), fecha, ...t };
  // A concurrent vote on the same target wins the race once; ours is then applied on top of it.
  if (!(await deps.feedback.vote(vote)) && !(await deps.feedback.vote(vote))) throw conflict('Tu valoración cambió mientras la guardábamos. Inténtalo de nuevo.');
  return { valoracion: req.valoracion, versionPrompt: t.versionPrompt, modelo: t.modelo };
}
