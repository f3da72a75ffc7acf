import { randomUUID } from 'node:crypto';
import type { TutorChatAnswer, TutorChatRequest, TutorTurn } from '../contract';
import { COURSE_NOT_FOUND, type CourseStore } from '../course-model';
import type { Grounding } from '../grounding';
import { keepVerified, type GroundPassage } from '../shared/ai/citations';
import { modelFailure } from '../shared/ai/api-errors';
import { tutorDrawingPrompt } from '../shared/ai/prompts/tutor-drawing';
import type { TutorOutput } from '../shared/ai/prompts/tutor';
import type { StructuredModel } from '../shared/ai/structured-output';
import { notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import { buildPromptData, contextView, currentLesson, suggestedQuestions, TUTOR_PASSAGES, type TutorCourse } from './context';
import { appendTurns, emptyConversation, type Conversation } from './history';
import type { TutorQuotaPort } from './quota';
import { verifierLeaks } from './leak-verifier';
import { hintOnlyAnswer, revealsAnswer, revealsInstructions, type PendingQuestion } from './socratic';
import type { TutorStore } from './tutor-store';
import { meteredModel } from '../shared/ai/metered-model';
import type { AiBudget } from '../plans';
import type { LearnerModel } from '../learner-model';
import { practiceObjective, teachingLesson } from './learner-focus';
import { countMetric } from '../shared/observability';
import { drawnAnswer, withoutDiagrams } from './drawing';
import { literalLeak } from './sentence-guard';

export interface TutorDeps {
  courses: CourseStore;
  tutor: TutorStore;
  model: StructuredModel;
  quota: TutorQuotaPort;
  now?: () => Date;
  /** The learner's monthly model budget: each message's calls (answer, regeneration, leak check) are added to it. */
  budget?: Pick<AiBudget, 'meterFor'>;
  /** Issue 24: retrieval from the course's materials (the tutor answers from them first and cites them). */
  grounding?: Grounding;
  /** Issue 32: the learner model's estimates (weak objectives in the prompt, "Practiquemos…" buttons). */
  mastery?: Pick<LearnerModel, 'readMastery'>;
}

const LESSON_NOT_FOUND = 'No encontramos esa lección en tu curso.';
export const REFUSAL = 'Eso no puedo compartirlo. Sigamos con el curso: ¿qué parte de la lección quieres repasar?';

export async function readCourse(deps: Pick<TutorDeps, 'courses' | 'tutor'>, userId: string, courseId: string): Promise<TutorCourse> {
  // One GetItem of the course (outline, counters), not a Query of all its items (context.ts TutorCourse).
  const [course, evaluations] = await Promise.all([deps.courses.get(userId, courseId), deps.tutor.evaluations(userId, courseId)]);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return { course, evaluations };
}

/** What both chat paths (JSON and streamed) read before calling the model: course, conversation, lesson. */
export async function readChatContext(deps: Pick<TutorDeps, 'courses' | 'tutor' | 'grounding' | 'mastery'>, userId: string, req: TutorChatRequest) {
  // The learner model's item is one more GetItem, read alongside the others (not after them).
  // Issue 33: the learner's country and form of address, read alongside; a profile that cannot be read costs the answer nothing.
  const [tc, conv, mastery, alumno] = await Promise.all([
    readCourse(deps, userId, req.courseId),
    deps.tutor.conversation(userId, req.courseId),
    readMastery(deps, userId, req.courseId),
    deps.tutor.locale?.(userId).catch(() => undefined),
  ]);
  // "Practiquemos…": the objective must be one of this course's (checked before the quota is taken).
  const practice = req.practicar ? practiceObjective(tc.course, req.practicar) : undefined;
  // Practice with no lesson named: the objective's own lesson grounds the question.
  const at = practice && !req.lessonId ? { moduleId: practice.moduleId, lessonId: teachingLesson(tc.course, practice) } : req;
  const lesson = resolveLesson(tc, at.moduleId, at.lessonId);
  const content = lesson ? await deps.tutor.lessonContent(userId, req.courseId, lesson.moduleId, lesson.lessonId) : undefined;
  return { tc: { ...tc, mastery }, conv, lesson, content, practice, alumno };
}

/** The learner model's estimates for the course; the tutor still answers without them if the read fails. */
async function readMastery(deps: Pick<TutorDeps, 'mastery'>, userId: string, courseId: string) {
  if (!deps.mastery) return {};
  return deps.mastery.readMastery(userId, courseId).catch((error: unknown) => {
    logger.warn('tutor could not read the learner model; answering without it', { error: error as Error });
    return {};
  });
}

/**
 * A grounded course's passages for this message: one embedding of the message (charged to the
 * learner's month) and one Query per material of the course. Read after the quota is taken, so a
 * refused message costs nothing.
 */
export async function materialFor(deps: Pick<TutorDeps, 'grounding'>, userId: string, tc: TutorCourse, message: string): Promise<GroundPassage[]> {
  const materiales = tc.course.materiales;
  if (!materiales?.length || !deps.grounding) return [];
  return deps.grounding.passages(userId, materiales, message, TUTOR_PASSAGES);
}

export function resolveLesson(tc: TutorCourse, moduleId?: string, lessonId?: string) {
  const lesson = currentLesson(tc.course, moduleId, lessonId);
  if (lessonId && (lesson?.lessonId !== lessonId || (moduleId && lesson.moduleId !== moduleId))) throw notFound(LESSON_NOT_FOUND);
  return lesson;
}

interface Guarded {
  /** Every question the literal checks cover (shown, and the whole module at hand). */
  checked: PendingQuestion[];
  asked: PendingQuestion[];
  /** The questions the verifier model reads the reply against. */
  verified: PendingQuestion[];
}

/**
 * What a reply gives away: the tutor's instructions, or pending questions whose answer it states
 * literally (text or letter) or, per the verifier model, paraphrases.
 */
async function leaksOf(deps: TutorDeps, o: TutorOutput, g: Guarded) {
  if (revealsInstructions(o.respuesta)) return { instructions: true, questions: [] as PendingQuestion[] };
  const literal = g.checked.filter((q) => revealsAnswer(o.respuesta, q, g.asked.includes(q)));
  const questions = literal.length ? literal : await verifierLeaks(deps.model, o.respuesta, g.verified);
  return { instructions: false, questions };
}
const leaking = (l: { instructions: boolean; questions: PendingQuestion[] }) => l.instructions || l.questions.length > 0;

/** The prompt's pending questions plus those a reply gave away that it did not show. */
function withLeaked(shown: unknown, leaked: PendingQuestion[]) {
  const list = Array.isArray(shown) ? (shown as { enunciado: string }[]) : [];
  const extra = leaked.filter((q) => !list.some((s) => s.enunciado === q.enunciado)).map((q) => ({ modulo: q.moduleTitle, enunciado: q.enunciado, opciones: q.opciones }));
  return [...list, ...extra];
}

/** Asks the model; a reply that leaks is regenerated once with a stricter instruction, then replaced by hints. */
async function answer(deps: TutorDeps, data: Record<string, unknown>, g: Guarded) {
  let result = await deps.model(tutorDrawingPrompt, data);
  const first = await leaksOf(deps, result.value, g);
  if (leaking(first)) {
    logger.warn('tutor reply leaked; regenerating with the strict instruction');
    // The literal checks cover the whole module's bank, the prompt shows only MAX_PENDING_IN_PROMPT of it:
    // the retry is shown the questions the first reply gave away, so it knows which sentences to avoid.
    result = await deps.model(tutorDrawingPrompt, { ...data, estricto: true, preguntasPendientes: withLeaked(data.preguntasPendientes, first.questions) });
    const leak = await leaksOf(deps, result.value, g);
    if (leaking(leak)) {
      const respuesta = leak.instructions && !g.asked.length ? REFUSAL : hintOnlyAnswer(g.asked.length ? g.asked : leak.questions);
      return { ...result, value: { respuesta, tipo: 'pistas' as const, sugerencias: [] } };
    }
  }
  // A message that asks a pending question is answered with hints, whatever the model called it.
  return g.asked.length ? { ...result, value: { ...result.value, tipo: 'pistas' as const } } : result;
}

export async function chatWithTutor(deps: TutorDeps, userId: string, req: TutorChatRequest): Promise<TutorChatAnswer> {
  const now = deps.now ?? (() => new Date());
  const { tc, conv, lesson, content, practice, alumno } = await readChatContext(deps, userId, req);
  const reserva = randomUUID();
  const cuota = await deps.quota.consume(userId, reserva);
  try {
    const material = await materialFor(deps, userId, tc, req.message);
    const { data, asked, checked, verified } = buildPromptData(tc, lesson, content, conv, req.message, material, practice, alumno);
    const charged = { ...deps, model: meteredModel(deps.model, deps.budget?.meterFor(userId, reserva)) };
    const result = await answer(charged, data, { checked, asked, verified }).catch(modelFailure);
    // Issue 43: its diagram checked, repaired once (metered) or dropped; a repaired one is new text, held to the literal leak checks too.
    const drawn = await drawnAnswer(charged.model, result.value.respuesta, lesson?.titulo ?? tc.course.titulo, [content ?? '', ...material.map((p) => p.texto)]);
    const shown = drawn !== result.value.respuesta && literalLeak(drawn, { checked, asked }) ? withoutDiagrams(drawn) : drawn;
    // Only citations whose quote is in its passage stay; a mark without one is taken out of the text.
    const { text: respuesta, fuentes } = keepVerified(shown, result.value.fuentes, material);
    const at = now().toISOString();
    const turns: TutorTurn[] = [
      { rol: 'alumno', texto: req.message, fecha: at, ...(lesson && { lessonId: lesson.lessonId }) },
      { rol: 'tutor', texto: respuesta, fecha: at, ...(lesson && { lessonId: lesson.lessonId }), version: result.promptVersion, modelo: result.modelId, ...(fuentes.length && { fuentes }) },
    ];
    await saveTurns(deps, userId, req.courseId, conv, turns);
    const sugerencias = result.value.sugerencias.length ? result.value.sugerencias : suggestedQuestions(lesson, tc.course.topic);
    return { respuesta, tipo: result.value.tipo, sugerencias, cuota, demo: result.demo, fecha: at, ...(fuentes.length && { fuentes }) };
  } catch (error) {
    await deps.quota.refund(userId).catch((e) => logger.error('could not refund a tutor message', { error: e as Error }));
    throw error;
  } finally {
    await deps.quota.settle?.(userId, reserva);
  }
}

/** Appends under the optimistic lock; on a concurrent write, re-reads and appends once more. */
export async function saveTurns(deps: TutorDeps, userId: string, courseId: string, conv: Conversation, turns: TutorTurn[]) {
  countMetric('TutorMessage'); // both chat paths (JSON and stream) save each answered message here
  if (await deps.tutor.saveConversation(userId, courseId, appendTurns(conv, turns), conv.version)) return;
  const fresh = await deps.tutor.conversation(userId, courseId);
  if (!(await deps.tutor.saveConversation(userId, courseId, appendTurns(fresh, turns), fresh.version))) {
    logger.warn('tutor conversation changed twice during one message; this exchange is not kept', { courseId });
  }
}

export async function tutorContext(deps: TutorDeps, userId: string, courseId: string, moduleId?: string, lessonId?: string) {
  const [tc, conv, cuota, mastery] = await Promise.all([readCourse(deps, userId, courseId), deps.tutor.conversation(userId, courseId), deps.quota.status(userId), readMastery(deps, userId, courseId)]);
  return contextView({ ...tc, mastery }, resolveLesson(tc, moduleId, lessonId), conv, cuota);
}

export async function clearTutorHistory(deps: TutorDeps, userId: string, courseId: string) {
  // Checks the course first: clearing another learner's (or no) course answers 404, not 200.
  if (!(await deps.courses.get(userId, courseId))) throw notFound(COURSE_NOT_FOUND);
  await deps.tutor.clearConversation(userId, courseId);
  return { ...emptyConversation(), courseId };
}
