import { randomUUID } from 'node:crypto';
import { planRequest, type DiplomadoCourseRequest, type DiplomadoCourseStart, type DiplomadoPlanRequest } from '../contract';
import { type CourseStore, type DiplomadoItem, toSummary } from '../course-model';
import { type PlanDeps, startCourseGeneration } from '../courses';
import { modelFailure } from '../shared/ai/api-errors';
import { prompts } from '../shared/ai/prompts';
import type { StructuredModel } from '../shared/ai/structured-output';
import { AppError, badRequest, conflict, notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import type { DiplomadoStore } from './diplomado-store';
import { toDiplomadoSummary, toDiplomadoView } from './diplomado-view';
import type { DiplomadoAccessPort } from './ports';
import type { ModelAllowance } from '../plans';
import { type ModelJobDeps, startModelJob } from '../jobs';

export interface DiplomadoDeps {
  store: DiplomadoStore;
  courses: CourseStore;
  model: StructuredModel;
  access: DiplomadoAccessPort;
  /** The same course pipeline as POST /courses/plan (store, workflow, course quota). */
  plan: PlanDeps;
  /** The plan's daily diplomado plans (lambdas/plans), taken after the premium check. */
  allowance: ModelAllowance;
  /** The plan is written by the model-jobs state machine (lambdas/pipeline/model-jobs.ts). */
  jobs: ModelJobDeps;
}

export const DIPLOMADO_NOT_FOUND = 'No encontramos ese diplomado.';
const ALREADY = 'Este curso del diplomado ya se generó o se está generando.';
const START_FAILED = 'No pudimos iniciar la generación de este curso. Inténtalo de nuevo.';

/** POST /diplomado/plan: premium only (402), one unit of the daily allowance, then a model job. */
export async function planDiplomado(deps: DiplomadoDeps, userId: string, req: DiplomadoPlanRequest) {
  await deps.access.assertCanCreateDiplomado(userId);
  return startModelJob(deps.jobs, deps.allowance, userId, 'diplomado', req);
}

/** The model call and the write of a plan: the model-jobs state machine runs it (lambdas/pipeline/model-jobs.ts). */
export async function writeDiplomadoPlan(deps: Pick<DiplomadoDeps, 'model' | 'store'>, userId: string, req: DiplomadoPlanRequest) {
  const result = await deps.model(prompts.diplomado, { topic: req.topic, level: req.level, ...(req.objetivo && { objetivo: req.objetivo }) }).catch(modelFailure);
  const now = new Date().toISOString();
  const item: DiplomadoItem = {
    diplomadoId: randomUUID(),
    userId,
    titulo: result.value.titulo,
    descripcion: result.value.descripcion,
    topic: req.topic,
    nivel: req.level,
    ...(req.objetivo && { objetivo: req.objetivo }),
    modo: result.demo ? 'demostracion' : 'ia',
    cursos: result.value.cursos.map((c) => ({ titulo: c.titulo, descripcion: c.descripcion, objetivos: c.objetivos, prerrequisitos: c.prerrequisitos })),
    promptVersion: result.promptVersion,
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.create(item);
  return toDiplomadoView(item, new Map());
}

async function coursesOf(deps: DiplomadoDeps, userId: string) {
  return new Map((await deps.courses.list(userId)).map((c) => [c.courseId, toSummary(c)]));
}

export async function getDiplomado(deps: DiplomadoDeps, userId: string, diplomadoId: string) {
  const [item, courses] = await Promise.all([deps.store.get(userId, diplomadoId), coursesOf(deps, userId)]);
  if (!item) throw notFound(DIPLOMADO_NOT_FOUND);
  return toDiplomadoView(item, courses);
}

export async function listDiplomados(deps: DiplomadoDeps, userId: string) {
  const [items, courses] = await Promise.all([deps.store.list(userId), coursesOf(deps, userId)]);
  return items.map((d) => toDiplomadoSummary(d, courses));
}

/** Starts one course of the programme through the courses pipeline and links it to its slot. */
async function startOne(deps: DiplomadoDeps, userId: string, d: DiplomadoItem, index: number): Promise<DiplomadoCourseStart> {
  if (!(await deps.store.claim(userId, d.diplomadoId, index))) throw conflict(ALREADY);
  const slot = d.cursos[index];
  try {
    const request = planRequest.parse({ topic: slot.titulo.slice(0, 120), level: d.nivel, objetivos: slot.objetivos.slice(0, 8) });
    const { curso, jobId } = await startCourseGeneration(deps.plan, userId, request);
    await deps.store.link(userId, d.diplomadoId, index, curso.courseId, jobId);
    return { index, curso: { courseId: curso.courseId, estado: curso.estado }, jobId };
  } catch (error) {
    const message = error instanceof AppError ? error.message : START_FAILED;
    logger.error('could not start a diplomado course', { error: error as Error, diplomadoId: d.diplomadoId, index });
    await deps.store.release(userId, d.diplomadoId, index, message).catch(() => undefined);
    throw error instanceof AppError ? error : new AppError(503, START_FAILED, 'WorkflowUnavailable');
  }
}

/** One course by index, or all the courses not generated yet (each independent: one failing never stops the others). */
export async function generateDiplomadoCourse(deps: DiplomadoDeps, userId: string, req: DiplomadoCourseRequest) {
  const d = await deps.store.get(userId, req.diplomadoId);
  if (!d) throw notFound(DIPLOMADO_NOT_FOUND);
  if (req.index !== undefined) {
    if (req.index >= d.cursos.length) throw badRequest(`El diplomado tiene ${d.cursos.length} cursos: el índice debe estar entre 0 y ${d.cursos.length - 1}`);
    return { cursos: [await startOne(deps, userId, d, req.index)] };
  }
  const pending = d.cursos.map((c, i) => (c.courseId ? -1 : i)).filter((i) => i >= 0);
  if (!pending.length) throw conflict('Todos los cursos de este diplomado ya se generaron.');
  const settled = await Promise.allSettled(pending.map((i) => startOne(deps, userId, d, i)));
  return {
    cursos: settled.map((s, k): DiplomadoCourseStart =>
      s.status === 'fulfilled' ? s.value : { index: pending[k], error: s.reason instanceof AppError ? s.reason.message : START_FAILED },
    ),
  };
}
