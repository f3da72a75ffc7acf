import type { JobResult } from '../contract';
import { allowanceOf, type ModelJobInput, type ModelJobStore } from '../jobs';
import { suggestCourses, type SuggestionDeps } from '../courses';
import { type DiplomadoDeps, writeDiplomadoPlan } from '../diplomado';
import { type EvaluationDeps, getOrGenerateEvaluation } from '../evaluations';
import { generateLesson, type LessonDeps } from '../lessons';
import { gradeOpenAnswer, type GradingDeps } from '../review';
import { writeRemedial, type WriteRemedialDeps } from '../evaluations';
import type { AiBudget, PlanQuotas } from '../plans';
import { modelFailureMessage } from '../shared/ai/api-errors';
import { allMeters, meteredModel } from '../shared/ai/metered-model';
import type { Meter, StructuredModel } from '../shared/ai/structured-output';
import { failedCallsMeter } from './tasks';
import { cacheOf, costUsd } from '../shared/ai/model-table';

// The tasks of the model-jobs state machine (model-jobs.asl.json): the same use cases the routes
// used to run inside the request, now without an allowance (the route took it), then the job's end.

export interface ModelTaskDeps {
  jobs: ModelJobStore;
  quotas: Pick<PlanQuotas, 'release'>;
  lesson: LessonDeps;
  evaluation: EvaluationDeps;
  suggestions: SuggestionDeps;
  diplomado: Pick<DiplomadoDeps, 'model' | 'store'>;
  /** Issue 32: open answers graded against their rubric. */
  grading: GradingDeps;
  /** Issue 32 item 4: a Refuerzo guiado after an attempt. */
  remedial: WriteRemedialDeps;
  /** The learner's monthly model budget: each job's calls are drawn from the hold its route took (under the job id), settled when it ends, well or not. */
  budget: Pick<AiBudget, 'meterFor' | 'settle'>;
}

/** The same deps with their model metered (what a job's calls cost goes where it served). */
const metered = <D extends { model: StructuredModel }>(d: D, meter: Meter | undefined): D => ({ ...d, model: meteredModel(d.model, meter) });

async function produce(deps: ModelTaskDeps, input: ModelJobInput, job: Meter): Promise<JobResult> {
  const { userId } = input;
  // Each call's cost goes to the job and the learner's month (and, for a course's content, the course).
  const both = allMeters(job, deps.budget.meterFor(userId, input.jobId));
  switch (input.kind) {
    case 'leccion': {
      const { courseId, moduleId, lessonId } = input.request;
      await generateLesson(metered(deps.lesson, allMeters(failedCallsMeter(deps.lesson.gen, userId, courseId), both)), userId, input.request);
      return { kind: 'leccion', courseId, moduleId, lessonId };
    }
    case 'evaluacion':
      await getOrGenerateEvaluation(metered(deps.evaluation, allMeters(failedCallsMeter(deps.evaluation.gen, userId, input.request.courseId), both)), userId, input.request);
      return { kind: 'evaluacion', courseId: input.request.courseId, moduleId: input.request.moduleId };
    case 'sugerencias':
      return { kind: 'sugerencias', sugerencias: await suggestCourses(metered(deps.suggestions, both), userId, input.request) };
    case 'diplomado':
      return { kind: 'diplomado', diplomadoId: (await writeDiplomadoPlan(metered(deps.diplomado, both), userId, input.request)).diplomadoId };
    case 'respuesta':
      return { kind: 'respuesta', ...(await gradeOpenAnswer(metered(deps.grading, both), userId, input.request)) };
    case 'refuerzo':
      return writeRemedial(metered(deps.remedial, both), userId, input.request);
  }
}

/**
 * No attempt of a job's task starts later than this after the job did. The state machine's own
 * deadline (model-jobs.asl.json TimeoutSeconds, 900 s) ends an execution TIMED_OUT without its Catch:
 * the job stayed `en_proceso` for good, its unit and its hold on the month never given back. Retries
 * (a budget's turn, a timed-out call) could outlast it. An attempt begun by this deadline ends within
 * its task's TimeoutSeconds, and what follows (a retry's delay, MarkJobFailed) still fits in the 900 s:
 * test/unit/plans/failed-model-job.test.ts checks the sum against the ASL.
 */
export const JOB_ATTEMPT_DEADLINE_S = 420;

/** What a job too old to try again throws: not retried by the ASL, caught into MarkJobFailed. */
export class JobExpired extends Error {
  override name = 'JobExpired';
}

/** The Task state of every kind: does the work and ends the job with its result. */
export async function runModelJob(deps: ModelTaskDeps, input: ModelJobInput) {
  // Wall time, as the state machine's deadline is (not lambdas/shared/clock.ts, which tests move by days).
  if (input.startedAt && Date.now() - Date.parse(input.startedAt) > JOB_ATTEMPT_DEADLINE_S * 1000) {
    throw new JobExpired(`job ${input.jobId} started at ${input.startedAt}: past its ${JOB_ATTEMPT_DEADLINE_S} s`);
  }
  // What this run's model calls cost (failed ones included), kept on the job it served.
  let usd = 0;
  const result = await produce(deps, input, (s) => {
    usd += costUsd(s.modelId, s.usage.inputTokens, s.usage.outputTokens, cacheOf(s.usage));
    return Promise.resolve();
  });
  // Before the job says it is done: whoever reads the job completed reads the month settled.
  await deps.budget.settle(input.userId, input.jobId);
  await deps.jobs.finish(input.userId, input.jobId, { result, costeEstimadoUSD: Math.round(usd * 1e6) / 1e6 });
  return { kind: input.kind };
}

/**
 * The Catch target: the job ends failed in Spanish, its unit of the allowance is given back (once) and
 * its hold on the month's budget settled (the calls it made are paid; the rest of the estimate goes back).
 */
export async function failModelJob(deps: ModelTaskDeps, input: ModelJobInput & { error?: { Error?: string; Cause?: string } }) {
  const message = `${modelFailureMessage(input.error?.Error ?? 'Unknown')} No se ha descontado de tu límite diario.`;
  await deps.budget.settle(input.userId, input.jobId);
  const ended = await deps.jobs.finish(input.userId, input.jobId, { error: message });
  // Every kind was paid by a unit of its allowance (lambdas/jobs allowanceOf): given back once, with the job's end.
  if (ended) await deps.quotas.release(input.userId, allowanceOf(input));
  return { kind: input.kind, estado: 'error', causa: input.error?.Error ?? 'Unknown' };
}
