import { writeModuleBank } from '../evaluations';
import { modelFailureMessage } from '../shared/ai/api-errors';
import { DIAGRAM_SPEND, writeLesson } from '../shared/ai/lesson-writer';
import { learnerLocale, previousSummaries } from '../shared/ai/lesson-context';
import { courseCostUsd, type GenerationInput, RunSuperseded } from '../course-model';
import { countMetric } from '../shared/observability';
import { type Course, groundingOf, type LessonInput, materialsOf, type ModuleInput, ofRun, spendOf, stillOwned, type TaskDeps } from './task-deps';

export { failedCallsMeter, type LessonInput, type ModuleInput, type TaskDeps } from './task-deps';
export { outlineTask } from './outline-task';

// The state machine's tasks (pipeline/course-generation.asl.json). Each one writes its result to
// DynamoDB as it finishes (the learner sees the outline, then each lesson, as soon as they exist)
// and returns only small references, so state payloads stay far below Step Functions' 256 KB.

const curso = (c: Course, titulo: string) => ({ topic: c.topic, level: c.level, titulo });

export async function lessonTask(all: TaskDeps, { course: c, resume, titulo, module: m, lesson }: LessonInput) {
  const deps = ofRun(all, c);
  if (resume && (await deps.gen.contentState(c.userId, c.courseId, m.moduleId, lesson.lessonId)) === 'lista') {
    await deps.gen.updateJob(c.userId, c.jobId, { done: 1 });
    return { lessonId: lesson.lessonId, skipped: true };
  }
  // The course's goal and outline are on the stored course (the state carries titles only, to stay
  // small); its lessons already written give their summaries (issue 33), with the learner's profile.
  const [items, alumno] = await Promise.all([deps.store.items(c.userId, c.courseId), learnerLocale(deps.learner, c.userId)]);
  const stored = items?.course;
  await stillOwned(deps, c, stored);
  const course = { topic: c.topic, nivel: c.level, titulo, descripcion: stored?.descripcion, objetivos: stored?.objetivos, modulos: stored?.modulos };
  const anteriores = stored ? previousSummaries(stored.modulos, items.lessons, m.moduleId, lesson.lessonId) : [];
  // A grounded course's lesson is written from the passages retrieved for its title, summary and the module's objectives.
  const pasajes = c.materiales?.length
    ? await groundingOf(deps).passages(c.userId, await materialsOf(deps, c, stored), [lesson.titulo, lesson.resumen, ...(m.plan?.objetivos ?? [])].join('. '))
    : undefined;
  const result = await writeLesson(deps.model, { course, module: m, lessonId: lesson.lessonId, anteriores, alumno, ...(pasajes && { pasajes }) }, deps.quality);
  await deps.gen.saveLesson(c.userId, c.courseId, m.moduleId, lesson.lessonId, result.markdown, 'fuentes' in result ? result.fuentes : undefined);
  await Promise.all([
    deps.gen.spend(c.userId, c.courseId, spendOf(result, 'lesson')),
    // Issue 43: the diagrams' repair turn, under its own prompt version.
    ...(result.repair ? [deps.gen.spend(c.userId, c.courseId, spendOf(result.repair, DIAGRAM_SPEND))] : []),
    deps.gen.updateJob(c.userId, c.jobId, { done: 1 }),
  ]);
  return { lessonId: lesson.lessonId, ...(result.diagramas.escritos && { diagramas: result.diagramas }) };
}

/** Runs after the module's lessons (ASL): the module's question bank, written from their text. */
export async function evaluationTask(all: TaskDeps, { course: c, resume, titulo, module: m }: ModuleInput) {
  const deps = ofRun(all, c);
  if (resume && (await deps.gen.contentState(c.userId, c.courseId, m.moduleId)) === 'lista') {
    await deps.gen.updateJob(c.userId, c.jobId, { done: 1 });
    return { moduleId: m.moduleId, skipped: true };
  }
  await stillOwned(deps, c);
  const bank = await writeModuleBank({ ...deps, profiles: deps.learner }, c.userId, c.courseId, curso(c, titulo), m);
  await deps.gen.updateJob(c.userId, c.jobId, { done: 1 });
  return { moduleId: m.moduleId, preguntas: bank.preguntas.length };
}

export class CourseIncomplete extends Error {
  override name = 'CourseIncomplete';
}

export interface TaskFailure {
  Error?: string;
  Cause?: string;
}

/**
 * LessonFailed, the Lesson state's Catch: a lesson that still fails after its retries is marked
 * `error` (the course view offers "Reintentar" for it, POST /lesson/generate) and counted as done,
 * so the rest of the course is written and the course ends `listo` with that lesson to retry.
 */
export async function markLessonFailedTask(all: TaskDeps, { course: c, module: m, lesson, failed }: LessonInput & { failed: TaskFailure }) {
  const deps = ofRun(all, c);
  const message = `${modelFailureMessage(failed.Error ?? 'Unknown')} Puedes reintentar esta lección.`;
  await deps.gen.failLesson(c.userId, c.courseId, m.moduleId, lesson.lessonId, message);
  await deps.gen.updateJob(c.userId, c.jobId, { done: 1 });
  countMetric('LessonFailed');
  return { lessonId: lesson.lessonId, estado: 'error', causa: failed.Error ?? 'Unknown' };
}

/**
 * Checks every lesson was written or marked `error`, and every evaluation written, before calling
 * the course ready (`listo`, lessons in error shown as such); records the course's estimated cost on the job.
 */
export async function finalizeTask(all: TaskDeps, { course: c }: GenerationInput) {
  const deps = ofRun(all, c);
  await deps.gen.updateJob(c.userId, c.jobId, { step: 'finalizando' });
  const items = await deps.store.items(c.userId, c.courseId, false);
  if (!items) throw new CourseIncomplete('The course disappeared during generation');
  const lessons = items.course.modulos.flatMap((m) => m.lecciones.map((l) => `${m.moduleId}/${l.lessonId}`));
  const settled = new Set(items.lessons.filter((l) => l.estado === 'lista' || l.estado === 'error').map((l) => `${l.moduleId}/${l.lessonId}`));
  const evaluated = new Set(items.evaluations.filter((e) => e.estado === 'lista').map((e) => e.moduleId));
  const missing = lessons.filter((k) => !settled.has(k)).length + items.course.modulos.filter((m) => !evaluated.has(m.moduleId)).length;
  if (missing) throw new CourseIncomplete(`${missing} lessons or evaluations are missing`);
  // A course no longer this run's (failed by the sweeper, restarted) is not this run's to finish:
  // the Catch then ends only this run's job (course-store.ts, fail).
  if (!(await deps.gen.finishCourse(c.userId, c.courseId, 'listo')) && deps.forRun) throw new RunSuperseded(`Run ${c.jobId} no longer generates this course`);
  // The whole course item: the per-model token attributes are not in the projection above.
  const priced = (await deps.store.get(c.userId, c.courseId)) ?? items.course;
  // Before the job says it is done: whoever reads it completed reads the month settled.
  await deps.budget?.settle(c.userId, c.jobId);
  await deps.gen.updateJob(c.userId, c.jobId, { step: 'completado', status: 'completado', done: 1, costeEstimadoUSD: courseCostUsd(priced) });
  countMetric('CourseReady');
  return { courseId: c.courseId, estado: 'listo', leccionesConError: items.lessons.filter((l) => l.estado === 'error').length };
}

/** The Catch target: the course and its job end failed, in Spanish, never stuck in "generando". */
export async function markFailedTask(deps: TaskDeps, input: GenerationInput & { error?: { Error?: string; Cause?: string } }) {
  const c = input.course;
  const message = `${modelFailureMessage(input.error?.Error ?? 'Unknown')} Puedes reintentar la generación desde tu panel.`;
  await deps.store.fail(c.userId, c.courseId, c.jobId, message);
  // The calls made are paid; what is left of the run's estimate goes back to the learner's month.
  await deps.budget?.settle(c.userId, c.jobId);
  countMetric('CourseFailed');
  return { courseId: c.courseId, estado: 'error', causa: input.error?.Error ?? 'Unknown' };
}
