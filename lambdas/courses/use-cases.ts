import { randomUUID } from 'node:crypto';
import { COURSE_SHAPE, type CourseSuggestion, type MyCoursesQuery, type PlanRequest, type ProgressRequest, type SuggestionsRequest } from '../contract';
import { clock } from '../shared/clock';
import { prompts } from '../shared/ai/prompts';
import type { StructuredModel } from '../shared/ai/structured-output';
import { AppError, conflict, notFound, tooMany } from '../shared/errors';
import { logger } from '../shared/logger';
import { modelFailure } from '../shared/ai/api-errors';
import { withSourcedLinks } from '../shared/ai/links';
import type { CourseActivityPort } from '../social';
import { COURSE_NOT_FOUND, type CourseItem, type CourseStore, type CourseWorkflow, type GenerationInput, type JobItem, progressFromCounters, type QuotaPort, type SuggestionCache, suggestionKey, toDetail, toProgress, toSummary } from '../course-model';
import { metered, type ModelAllowance, RETRIES_PER_COURSE } from '../plans';
import { type ModelJobDeps, startModelJob } from '../jobs';
import { countMetric } from '../shared/observability';
import { courseMaterials, type MaterialReader } from './course-materials';

const LESSON_NOT_FOUND = 'No encontramos esa lección en tu curso.';
const START_FAILED = 'No pudimos iniciar la generación del curso. Inténtalo de nuevo en unos minutos.';

export interface SuggestionDeps {
  model: StructuredModel;
  cache: SuggestionCache;
  /** The plan's daily suggestion requests: only a cache miss (a model call) spends one. */
  allowance?: ModelAllowance;
}

export async function suggestCourses(deps: SuggestionDeps, userId: string, req: SuggestionsRequest): Promise<CourseSuggestion[]> {
  const key = suggestionKey(req.topic, req.level, prompts.suggestions.version);
  const cached = await deps.cache.get(key);
  if (cached) return cached;
  return metered(deps.allowance, userId, async () => {
    const result = await deps.model(prompts.suggestions, { topic: req.topic, level: req.level }).catch(modelFailure);
    // Shared by every learner asking the same: no address the model or a topic put there (issue 31).
    const sugerencias = withSourcedLinks(result.value.sugerencias, []);
    await deps.cache.put(key, sugerencias);
    return sugerencias;
  });
}

/**
 * POST /courses/suggestions: a cached answer (shared by every learner asking the same) at once;
 * otherwise a model job, paid by one unit of the daily allowance.
 */
export async function requestSuggestions(deps: SuggestionDeps & { jobs: ModelJobDeps; allowance: ModelAllowance }, userId: string, req: SuggestionsRequest) {
  const cached = await deps.cache.get(suggestionKey(req.topic, req.level, prompts.suggestions.version));
  if (cached) return { data: cached };
  return startModelJob(deps.jobs, deps.allowance, userId, 'sugerencias', req);
}

/** The job's total: a step per module of the outline (it streams, issue 42), every lesson, every module evaluation, and the final check. */
export const jobTotal = (modulos: number, lecciones: number) => modulos + modulos * (lecciones + 1) + 1;

/** Starts a run under the learner's start lock, within the plan's courses at once (course-model generating-courses.ts). */
export interface Admission {
  admit(userId: string, jobId: string, createdAt: string, check: () => Promise<void>, undo?: () => Promise<void>): Promise<void>;
}

export interface PlanDeps {
  store: CourseStore;
  /** The plan's courses at once, and every start check one request at a time per learner; none in unit tests. */
  admission?: Admission;
  workflow: CourseWorkflow;
  quota: QuotaPort;
  /** Tells the community side (social projection) about new courses; best effort, never fails the request. */
  activity?: CourseActivityPort;
  /** The learner's materials (lambdas/materials), for a course built from them (issue 24). */
  materials?: MaterialReader;
}

export async function startCourseGeneration(deps: PlanDeps, userId: string, req: PlanRequest) {
  // Owned and listo, checked before anything is counted or written (404 / 409, nothing changes).
  const materiales = req.materiales ? await courseMaterials(deps.materials, userId, req.materiales) : undefined;
  const jobId = randomUUID();
  const now = clock.now().toISOString();
  // The run's estimate is held under its job id; the pipeline settles it when the run ends. The month's
  // limits, then the courses at once, one start of the learner at a time (which limit answers is fixed).
  await admitted(deps, userId, jobId, now, () => deps.quota.assertCanCreateCourse(userId, req, jobId), async () => deps.quota.giveBack?.(userId, jobId));
  const courseId = randomUUID();
  const modulos = req.modulos ?? COURSE_SHAPE.defaultModules;
  const leccionesPorModulo = req.leccionesPorModulo ?? COURSE_SHAPE.defaultLessons;
  const course: CourseItem = {
    courseId, userId, jobId, topic: req.topic, nivel: req.level,
    titulo: req.topic, descripcion: '', objetivos: req.objetivos ?? [],
    estado: 'generando', modo: 'ia',
    solicitud: { modulos, leccionesPorModulo, ...(req.objetivos && { objetivos: req.objetivos }), ...(req.revisarTemario && { revisarTemario: true }) },
    modulos: [], totalLecciones: modulos * leccionesPorModulo, completadas: 0,
    ...(materiales && { materiales }),
    tokensEntrada: 0, tokensSalida: 0, versionesPrompt: {}, createdAt: now, updatedAt: now,
  };
  const job = newJob(userId, courseId, jobId, jobTotal(modulos, leccionesPorModulo), now);
  await deps.store.create(course, job).catch(async (error: unknown) => {
    await deps.quota.settle?.(userId, jobId);
    throw error;
  });
  // The course exists from here on (a failed start leaves it retryable), so the community counts it now,
  // beside the start (best effort, it never fails: one round trip less before the answer, issue 42).
  await Promise.all([deps.activity?.courseCreated(userId, req.topic), launch(deps, course, jobId, false)]);
  return { curso: toSummary(course), jobId };
}

export const RETRIES_SPENT = `Este curso ya se ha reintentado ${RETRIES_PER_COURSE} veces, el máximo. Crea un curso nuevo o inténtalo con otro tema.`;

/**
 * Generates a failed course again, keeping every lesson and evaluation that was already written.
 * Each retry is model work: at most RETRIES_PER_COURSE per course (counted on the course, in the
 * restart's own condition) and the plan's daily `reintentos` (`retries`); past either, a 429 in
 * Spanish that changes nothing.
 */
export async function retryCourseGeneration(deps: PlanDeps & { retries: ModelAllowance }, userId: string, courseId: string) {
  const course = await deps.store.get(userId, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (course.estado !== 'error') throw conflict('Solo se puede reintentar un curso cuya generación falló.');
  if ((course.reintentos ?? 0) >= RETRIES_PER_COURSE) throw tooMany(RETRIES_SPENT);
  const now = clock.now().toISOString();
  const jobId = randomUUID();
  const { modulos, leccionesPorModulo } = course.solicitud;
  return metered(deps.retries, userId, async () => {
    // A course generated again counts among the courses at once like a new one.
    await admitted(deps, userId, jobId, now, async () => {
      if (await deps.store.restart(userId, courseId, jobId, newJob(userId, courseId, jobId, jobTotal(modulos, leccionesPorModulo), now), RETRIES_PER_COURSE)) return;
      // Lost to a concurrent retry: either it is running now or it took the last one.
      const again = await deps.store.get(userId, courseId);
      throw (again?.reintentos ?? 0) >= RETRIES_PER_COURSE && again?.estado === 'error' ? tooMany(RETRIES_SPENT) : conflict('Este curso ya se está generando.');
    });
    const restarted = { ...course, estado: 'generando' as const, jobId, error: undefined, reintentos: (course.reintentos ?? 0) + 1, updatedAt: now };
    await launch(deps, restarted, jobId, true);
    return { curso: toSummary(restarted), jobId };
  }, jobId);
}

const admitted = (deps: PlanDeps, userId: string, jobId: string, at: string, check: () => Promise<void>, undo?: () => Promise<void>) =>
  deps.admission ? deps.admission.admit(userId, jobId, at, check, undo) : check();

async function launch(deps: PlanDeps, course: CourseItem, jobId: string, resume: boolean) {
  const input: GenerationInput = {
    course: {
      userId: course.userId, courseId: course.courseId, jobId, topic: course.topic, level: course.nivel,
      objetivos: course.solicitud.objetivos ?? [], modulos: course.solicitud.modulos, leccionesPorModulo: course.solicitud.leccionesPorModulo,
      // The outline review (issue 15) happens once, never again when resuming a failed course.
      ...(course.solicitud.revisarTemario && !resume && { revisarTemario: true }),
      ...(course.materiales?.length && { materiales: course.materiales.map((m) => m.materialId) }),
    },
    resume,
  };
  try {
    await deps.workflow.start(jobId, input);
    countMetric('CourseStarted');
  } catch (error) {
    // Never leave a course "generando" with nothing running: record the failure where the learner sees it.
    logger.error('could not start the course workflow', { error: error as Error, courseId: course.courseId });
    await deps.store.fail(course.userId, course.courseId, jobId, START_FAILED).catch(() => undefined);
    await deps.quota.settle?.(course.userId, jobId).catch(() => undefined);
    throw new AppError(503, START_FAILED, 'WorkflowUnavailable');
  }
}

const newJob = (userId: string, courseId: string, jobId: string, total: number, now: string): JobItem => ({
  jobId, courseId, userId, status: 'en_proceso', step: 'esquema', done: 0, total, createdAt: now, updatedAt: now,
});

export async function getCourse(store: CourseStore, userId: string, courseId: string) {
  const items = await store.items(userId, courseId);
  if (!items) throw notFound(COURSE_NOT_FOUND);
  return toDetail(items);
}

/** One page of the learner's courses, newest first, and the cursor of the next page when there is one. */
export async function listCourses(store: CourseStore, userId: string, query: MyCoursesQuery = {}) {
  const page = await store.listPage(userId, query);
  return { data: page.items.map(toSummary), ...(page.next && { next: page.next }) };
}

export async function getProgress(store: CourseStore, userId: string, courseId: string) {
  const items = await store.items(userId, courseId, false);
  if (!items) throw notFound(COURSE_NOT_FOUND);
  return toProgress(items);
}

export async function setProgress(store: CourseStore, userId: string, courseId: string, p: ProgressRequest, activity?: CourseActivityPort) {
  const course = await store.setProgress(userId, courseId, p);
  if (!course) throw notFound(LESSON_NOT_FOUND);
  await activity?.progressChanged(userId, courseId, course.completadas ?? 0);
  return { ...progressFromCounters(course), leccion: { moduleId: p.moduleId, lessonId: p.lessonId, estado: p.estado } };
}
