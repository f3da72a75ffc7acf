import { EVALUATION_RULES, type TutorContextView } from '../contract';
import { type CourseItem, currentVariant, type EvaluationItem, percent } from '../course-model';
import { recentAttempts } from './attempts';
import { HINT_GUIDANCE, questionInFocus } from './hint-ladder';
import { promptHistory, type Conversation } from './history';
import { MAX_VERIFIED } from './leak-verifier';
import { relevantPassages } from './passages';
import { matchingQuestions, type PendingQuestion } from './socratic';
import type { GroundPassage } from '../shared/ai/citations';
import type { ObjectiveMastery } from '../learner-model';
import { practiceData, recentMisconceptions, weakObjectives, type CourseObjective } from './learner-focus';

// What the tutor knows about the learner's course, built from their own items only (the keys
// carry the owner, so nothing of another learner can reach a prompt). Sizes are bounded so the
// prompt stays small whatever the course: see the constants (and LESSON_CONTEXT_CHARS in passages.ts).

/** Passages of a grounded course's materials in a tutor prompt: 4 × ≤ 1,500 characters ≈ 1,500 tokens. */
export const TUTOR_PASSAGES = 4;

/** Pending evaluation questions sent to the model as "do not reveal": one whole attempt's worth. */
export const MAX_PENDING_IN_PROMPT = EVALUATION_RULES.questionsPerAttempt;

/**
 * What a tutor message reads (issue 23): the course item (outline and progress counters) and the
 * evaluations (pending questions, recent attempts); the current lesson's content separately. Never
 * every lesson item: DynamoDB bills a Query by the items read, content included, whatever the projection.
 */
export interface TutorCourse {
  course: CourseItem;
  evaluations: EvaluationItem[];
  /** Issue 32: the learner model's estimates for the course, by objectiveKey (read with the rest, when wired). */
  mastery?: Record<string, ObjectiveMastery>;
}

export interface CurrentLesson {
  moduleId: string;
  lessonId: string;
  titulo: string;
  resumen: string;
  moduleTitle: string;
}

/** The lesson the learner is on: the one asked for, else the last one they touched, else the first. */
export function currentLesson(course: CourseItem, moduleId?: string, lessonId?: string): CurrentLesson | undefined {
  const modules = course.modulos ?? [];
  const wanted = lessonId
    ? [moduleId, course.ultimaLeccion?.moduleId].filter(Boolean).map((m) => ({ moduleId: m!, lessonId }))
    : course.ultimaLeccion
      ? [course.ultimaLeccion]
      : [];
  for (const w of wanted) {
    const m = modules.find((x) => x.moduleId === w.moduleId);
    const l = m?.lecciones.find((x) => x.lessonId === w.lessonId);
    if (m && l) return { moduleId: m.moduleId, lessonId: l.lessonId, titulo: l.titulo, resumen: l.resumen, moduleTitle: m.titulo };
  }
  if (lessonId) {
    const m = modules.find((x) => x.lecciones.some((l) => l.lessonId === lessonId));
    const l = m?.lecciones.find((x) => x.lessonId === lessonId);
    if (m && l) return { moduleId: m.moduleId, lessonId: l.lessonId, titulo: l.titulo, resumen: l.resumen, moduleTitle: m.titulo };
  }
  const first = modules[0];
  const l = first?.lecciones[0];
  return first && l ? { moduleId: first.moduleId, lessonId: l.lessonId, titulo: l.titulo, resumen: l.resumen, moduleTitle: first.titulo } : undefined;
}

/** Questions of every ready evaluation the learner has not passed yet, answer key included (server only). */
export function pendingQuestions({ course, evaluations }: TutorCourse): PendingQuestion[] {
  const modules = new Map((course.modulos ?? []).map((m) => [m.moduleId, m]));
  return evaluations
    .filter((e) => e.estado === 'lista' && !(e.intentos ?? []).some((i) => i.aprobado))
    .flatMap((e) =>
      (e.preguntas ?? []).map((p) => ({
        moduleId: e.moduleId,
        moduleTitle: modules.get(e.moduleId)?.titulo ?? e.moduleId,
        preguntaId: p.preguntaId,
        enunciado: p.enunciado,
        opciones: p.opciones,
        correcta: p.correcta,
        lecciones: modules.get(e.moduleId)?.lecciones.map((l) => l.titulo) ?? [],
      })),
    );
}

/** From the course's own counters (kept by every progress write), so no lesson item is read. */
export function courseProgress({ course }: TutorCourse) {
  const total = (course.modulos ?? []).reduce((n, m) => n + m.lecciones.length, 0) || course.totalLecciones || 0;
  return percent(course.completadas ?? 0, total);
}

/** The data the tutor prompt works on, and which pending questions the reply will be checked against. */
export function buildPromptData(
  tc: TutorCourse,
  lesson: CurrentLesson | undefined,
  lessonContent: string | undefined,
  conv: Conversation,
  message: string,
  /** Issue 24: the passages of the course's materials closest to the message (at most TUTOR_PASSAGES). */
  material?: GroundPassage[],
  /** Issue 32: "Practiquemos…" on this objective (checked against the course by the caller). */
  practice?: CourseObjective,
  /** Issue 33: the learner's country and form of address (fenced data; the prompt names them by reference). */
  alumno?: { pais?: string; tratamiento?: string },
) {
  const pending = pendingQuestions(tc);
  const focus = questionInFocus(message, conv.turnos, pending);
  const asked = unique([...(focus ? [focus.question] : []), ...matchingQuestions(message, pending)]);
  // What the learner can see now: the questions of each open attempt (drawn when the evaluation is
  // opened). A bank question not drawn is one they have never read, and a question met in an attempt
  // is never drawn again (issue 20), so a lesson sentence that happens to be the key of an unseen
  // question is teaching, not a leak: the 40-question banks made nearly every lesson sentence one.
  const open = inSight(tc.evaluations);
  const visible = pending.filter((q) => open.has(`${q.moduleId}/${q.preguntaId}`));
  const nearby = visible.filter((q) => q.moduleId === lesson?.moduleId);
  const shown = unique([...asked, ...nearby, ...visible]).slice(0, MAX_PENDING_IN_PROMPT);
  // The literal leak checks (plain string matching, cheap) cover every question asked or open, shown
  // to the model or not; the verifier model looks at the asked ones and the module's, up to MAX_VERIFIED.
  const checked = unique([...asked, ...shown, ...visible]);
  const verified = unique([...asked, ...nearby]).slice(0, MAX_VERIFIED);
  const { course } = tc;
  const titles = new Map((course.modulos ?? []).map((m) => [m.moduleId, m.titulo]));
  const aprendizaje = { objetivosDebiles: weakObjectives(course, tc.mastery ?? {}), ideasEquivocadas: recentMisconceptions(course, tc.evaluations) };
  const data = {
    curso: {
      titulo: course.titulo,
      topic: course.topic,
      nivel: course.nivel,
      modulos: (course.modulos ?? []).map((m) => ({ titulo: m.titulo, lecciones: m.lecciones.map((l) => l.titulo) })),
    },
    ...(lesson && {
      leccionActual: { modulo: lesson.moduleTitle, titulo: lesson.titulo, resumen: lesson.resumen, pasajes: relevantPassages(lessonContent, message) },
    }),
    ...(material?.length && { material: { pasajes: material.map((p) => ({ n: p.n, material: p.titulo, pagina: p.pagina, texto: p.texto })) } }),
    progreso: courseProgress(tc),
    intentosRecientes: recentAttempts(tc.evaluations, titles),
    ...((aprendizaje.objetivosDebiles.length || aprendizaje.ideasEquivocadas.length) && { aprendizaje }),
    ...(practice && { practica: practiceData(practice) }),
    ...(focus && { pista: { paso: focus.step, vez: focus.before + 1, intentos: focus.intentos, guia: HINT_GUIDANCE[focus.step] } }),
    // Statement and options only: the answer key never leaves the server, not even to the model.
    preguntasPendientes: shown.map((q) => ({ modulo: q.moduleTitle, enunciado: q.enunciado, opciones: q.opciones })),
    ...(conv.resumen && { resumenAnterior: conv.resumen }),
    historial: promptHistory(conv),
    mensaje: message,
    ...(alumno && { alumno }),
  };
  return { data, asked, checked, verified, focus };
}

/** `moduleId/preguntaId` of the questions in each evaluation's current attempt (a variant drawn from its current bank). */
function inSight(evaluations: EvaluationItem[]): Set<string> {
  return new Set(
    evaluations.flatMap((e) => (currentVariant(e)?.preguntas ?? []).map((p) => `${e.moduleId}/${p.preguntaId}`)),
  );
}

const unique = (qs: PendingQuestion[]) => [...new Map(qs.map((q) => [`${q.moduleId}/${q.preguntaId}`, q])).values()];

/** Suggested questions for a lesson, shown as buttons in the chat. */
export function suggestedQuestions(lesson: CurrentLesson | undefined, topic: string): string[] {
  if (!lesson) return [`¿Por dónde empiezo a estudiar ${topic}?`, '¿Qué voy a aprender en este curso?'];
  return [
    `¿Me explicas con otras palabras «${lesson.titulo}»?`,
    `¿Puedes darme un ejemplo práctico de «${lesson.titulo}»?`,
    '¿Qué errores frecuentes debo evitar en esta lección?',
  ];
}

export function contextView(tc: TutorCourse, lesson: CurrentLesson | undefined, conv: Conversation, cuota: TutorContextView['cuota']): TutorContextView {
  const { course } = tc;
  return {
    courseId: course.courseId,
    titulo: course.titulo,
    topic: course.topic,
    nivel: course.nivel,
    modulos: (course.modulos ?? []).map((m) => ({ moduleId: m.moduleId, titulo: m.titulo, lecciones: m.lecciones.map((l) => ({ lessonId: l.lessonId, titulo: l.titulo })) })),
    ...(lesson && { leccionActual: { moduleId: lesson.moduleId, lessonId: lesson.lessonId, titulo: lesson.titulo, resumen: lesson.resumen } }),
    progreso: courseProgress(tc),
    historial: conv.turnos,
    ...(conv.resumen && { resumenAnterior: conv.resumen }),
    sugerencias: suggestedQuestions(lesson, course.topic),
    cuota,
    practicar: weakObjectives(course, tc.mastery ?? {}).map((o) => ({ objectiveKey: o.objectiveKey, enunciado: o.enunciado })),
  };
}
