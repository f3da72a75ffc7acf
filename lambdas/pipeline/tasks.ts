import { writeModuleBank } from '../evaluations';
import { modelFailureMessage } from '../shared/ai/api-errors';
import { writeLesson } from '../shared/ai/lesson-writer';
import { withSourcedLinks } from '../shared/ai/links';
import { learnerLocale, previousSummaries, type LearnerProfiles } from '../shared/ai/lesson-context';
import type { QualityCounters } from '../shared/ai/quality-counters';
import { prompts } from '../shared/ai/prompts';
import type { Meter, StructuredModel, StructuredResult } from '../shared/ai/structured-output';
import { allMeters, meteredModel } from '../shared/ai/metered-model';
import { consistentObjectives, courseCostUsd, type CourseItem, type CourseStore, type GenerationInput, type GenerationStore, lessonIdAt, moduleIdAt, type OutlineModule, RunSuperseded, type Spend, trimOutline } from '../course-model';
import { outlineLimit, type AiBudget } from '../plans';
import type { Grounding } from '../grounding';
import { logger } from '../shared/logger';
import { countMetric } from '../shared/observability';

// The state machine's tasks (pipeline/course-generation.asl.json). Each one writes its result to
// DynamoDB as it finishes (the learner sees the outline, then each lesson, as soon as they exist)
// and returns only small references, so state payloads stay far below Step Functions' 256 KB.

export interface TaskDeps {
  model: StructuredModel;
  gen: GenerationStore;
  store: CourseStore;
  /** Text-check failures per prompt version (lambdas/shared/ai/quality-counters.ts); none counted when absent. */
  quality?: QualityCounters;
  /**
   * The generation store of one run (generation-store.ts, `run`): its writes require the course to
   * be still generating under that job, so a run the sweeper or a Catch failed, or a retry replaced,
   * writes nothing (issue 23). `gen` as it is when absent (unit fakes).
   */
  forRun?: (jobId: string) => GenerationStore;
  /**
   * The learner's monthly model budget: every call of the course is drawn from the hold the route took
   * under the run's job id (and charged past it); the run's end settles the hold.
   */
  budget?: Pick<AiBudget, 'meterFor' | 'settle'>;
  /** Issue 24: retrieval from the learner's materials, for a course built from them. */
  grounding?: Grounding;
  /** Issue 33: the learner's profile, for their country and form of address (tú when absent or unreadable). */
  learner?: LearnerProfiles;
}
type Course = GenerationInput['course'];
export interface ModuleInput { course: Course; resume: boolean; titulo: string; module: OutlineModule }
export interface LessonInput extends ModuleInput { lesson: OutlineModule['lecciones'][number] }

/**
 * A call that failed (a second invalid answer, a cut answer, a throttled fallback) was still
 * billed: its tokens go to the course too (a successful call's are written with what it produced).
 */
export const failedCallsMeter = (gen: Pick<GenerationStore, 'spend'>, userId: string, courseId: string): Meter => async (s) => {
  if (s.ok) return;
  await gen.spend(userId, courseId, { usage: s.usage, modelId: s.modelId, promptVersion: s.promptVersion, purpose: s.purpose, demo: s.demo })
    .catch((error: unknown) => logger.error('could not add a failed model call to its course', { error: error as Error, courseId, modelId: s.modelId }));
};

/** The deps of one run's task: writes bound to the course's current run, every model call charged to the course and the learner's month. */
const ofRun = (deps: TaskDeps, c: Course): TaskDeps => {
  const gen = deps.forRun ? deps.forRun(c.jobId) : deps.gen;
  return { ...deps, gen, model: meteredModel(deps.model, allMeters(failedCallsMeter(gen, c.userId, c.courseId), deps.budget?.meterFor(c.userId, c.jobId))) };
};

/** A run that lost its course (failed, restarted, deleted) stops before paying for the model. */
async function stillOwned(deps: TaskDeps, c: Course, stored?: CourseItem) {
  if (!deps.forRun) return;
  const course = stored ?? (await deps.store.get(c.userId, c.courseId));
  if (course?.estado !== 'generando' || course.jobId !== c.jobId) throw new RunSuperseded(`Run ${c.jobId} no longer generates this course`);
}

/** A grounded course is never written from the model's memory: without retrieval wired, its task fails. */
const groundingOf = (deps: TaskDeps) => {
  if (!deps.grounding) throw new Error('This course is built from materials but the task has no grounding');
  return deps.grounding;
};
/** The course's materials with their titles (kept on the course item when it was planned). */
async function materialsOf(deps: TaskDeps, c: Course, stored?: CourseItem) {
  const course = stored ?? (await deps.store.get(c.userId, c.courseId));
  return course?.materiales ?? (c.materiales ?? []).map((materialId) => ({ materialId, titulo: '' }));
}

const spendOf = (r: StructuredResult<unknown>, purpose: string): Spend => ({ usage: r.usage, modelId: r.modelId, promptVersion: r.promptVersion, purpose, demo: r.demo });
const curso = (c: Course, titulo: string) => ({ topic: c.topic, level: c.level, titulo });

export async function outlineTask(all: TaskDeps, { course: c, resume }: GenerationInput) {
  const deps = ofRun(all, c);
  if (resume) {
    const existing = await deps.store.get(c.userId, c.courseId);
    if (existing?.modulos?.length) {
      const lessons = existing.modulos.reduce((n, m) => n + m.lecciones.length, 0);
      await deps.gen.updateJob(c.userId, c.jobId, { step: 'contenido', done: 1, total: 1 + lessons + existing.modulos.length + 1 });
      return { titulo: existing.titulo, modulos: existing.modulos };
    }
  }
  // A course from the learner's materials follows their structure: headings and page openings, bounded.
  const material = c.materiales?.length ? await groundingOf(deps).digest(c.userId, await materialsOf(deps, c)) : undefined;
  const result = await deps.model(prompts.outline, { topic: c.topic, level: c.level, objetivos: c.objetivos, modulos: c.modulos, leccionesPorModulo: c.leccionesPorModulo, ...(material && { material }) });
  // Issue 31: a link is kept only if the learner's material has it (a topic's or a model's address never).
  const o = withSourcedLinks(result.value, material ? [JSON.stringify(material)] : []);
  // The request was checked against the plan when the course was created; a model that writes
  // more modules or lessons than asked is cut here, before any lesson is written or paid for.
  const size = trimOutline(o.modulos, outlineLimit({ modulos: c.modulos, leccionesPorModulo: c.leccionesPorModulo }));
  if (size.trimmed) logger.warn('outline longer than asked; trimmed', { courseId: c.courseId, modulos: o.modulos.length, asked: c.modulos });
  const modulos: OutlineModule[] = size.modulos.map((m, i) => {
    // Issue 32: objectives as data, renumbered and cross-checked with the lessons that teach them.
    const { objetivos, lecciones } = consistentObjectives(m.objetivos, m.lecciones);
    return {
      moduleId: moduleIdAt(i),
      titulo: m.titulo,
      descripcion: m.descripcion,
      plan: { objetivos: objetivos.map((o) => o.enunciado), terminosClave: m.terminosClave, conceptosErroneos: m.conceptosErroneos, ejemploConductor: m.ejemploConductor },
      objetivos,
      lecciones: lecciones.map((l, j) => ({ lessonId: lessonIdAt(j), titulo: l.titulo, resumen: l.resumen, objetivos: l.objetivos })),
    };
  });
  await deps.gen.saveOutline(c.userId, c.courseId, { titulo: o.titulo, descripcion: o.descripcion, objetivos: o.objetivos, modulos }, spendOf(result, 'outline'));
  const lessons = modulos.reduce((n, m) => n + m.lecciones.length, 0);
  await deps.gen.updateJob(c.userId, c.jobId, { step: 'contenido', done: 1, total: 1 + lessons + modulos.length + 1 });
  return { titulo: o.titulo, modulos };
}

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
  await Promise.all([deps.gen.spend(c.userId, c.courseId, spendOf(result, 'lesson')), deps.gen.updateJob(c.userId, c.jobId, { done: 1 })]);
  return { lessonId: lesson.lessonId };
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
