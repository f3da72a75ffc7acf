import type { RouteGroup } from '../lambdas/contract/routes';
import type { TaskName } from '../lambdas/pipeline/state-machine';
import { DEFAULT_TPM } from '../lambdas/shared/ai/model-budget';
import { AWS_DEFAULT_QUOTAS } from './aws-quotas';
import { ASSUMPTIONS, COURSE, COURSE_CALLS, peakLoad, TUTOR_CALLS } from './capacity';

// Reserved concurrency (issue 23 item 3), chosen from the capacity model: the pipeline and the
// tutor get what the Bedrock budget can keep busy (more would only wait on a throttled model),
// capped there so a burst of courses can never take the region's executions from the API; the API
// groups share what is left, reserved, so they always have it. Never below what one course fans
// out to at once, or a lone course would be throttled by its own cap. Production only: a new or
// personal account's concurrency quota (as low as 10) could not hold the reservations.

/**
 * Bedrock tokens per minute production is sized for: the model budget's quota (one place,
 * lambdas/shared/ai/model-budget.ts DEFAULT_TPM), raised there when the quota increase is granted.
 */
export const PLANNED_BEDROCK_TPM = DEFAULT_TPM;
/** Courses whose lessons may start at the same moment before the cap refuses one (the ASL retries a refusal). */
const COURSES_AT_ONCE = 3;
/** The tutor's stream is not admitted by the budget: a floor keeps a few chats answering whatever the model says. */
const TUTOR_STREAM_FLOOR = 20;
/** Twice the busy executions the model predicts: retries, slow answers and the hour's own peaks. */
export const HEADROOM = 2;
const ACCOUNT = AWS_DEFAULT_QUOTAS.lambdaConcurrency.value;
export const RESERVABLE = ACCOUNT - AWS_DEFAULT_QUOTAS.lambdaUnreservedMinimum.value;

/** Tokens per minute one daily learner draws at the peak hour from the busiest model (each model has its own quota). */
export function peakTpmPerLearner(): number {
  return Math.max(...Object.values(peakLoad(1, 1).bedrockTpm));
}

/** Daily learners the planned Bedrock budget serves at the peak hour. */
export const learnersServed = () => Math.floor(PLANNED_BEDROCK_TPM / peakTpmPerLearner());

/** Small tasks (DynamoDB writes only) still get a few, so a burst of finishes never queues behind one. */
const SMALL_TASK = 5;

/** Course-generation tasks: each model purpose's busy seconds at the served load, with headroom. */
function pipelineReservations(): Record<TaskName, number> {
  const load = peakLoad(learnersServed(), 1);
  const busy = (purposes: string[]) =>
    COURSE_CALLS.filter((c) => purposes.includes(c.purpose)).reduce((s, c) => s + (load.coursesPerHour / 3600) * c.calls * c.seconds, 0);
  const size = (purposes: string[], fanOut: number) => Math.max(SMALL_TASK, fanOut * COURSES_AT_ONCE, Math.ceil(busy(purposes) * HEADROOM));
  return {
    Outline: size(['outline'], 1),
    // A course's Map runs every module and every lesson at once (state-machine.asl.json MaxConcurrency).
    Lesson: size(['lesson'], COURSE.modules * COURSE.lessonsPerModule),
    // The evaluation task writes the bank and has the verifier check it, one after the other.
    Evaluation: size(['evaluation', 'verifier'], COURSE.modules),
    Finalize: SMALL_TASK,
    MarkFailed: SMALL_TASK,
    OutlineReview: SMALL_TASK,
  };
}

/** Model jobs (lesson regenerations, bank top-ups, suggestions): a quarter of the lesson task's. */
const modelJobReservation = (lesson: number) => Math.max(SMALL_TASK, Math.ceil(lesson / 4));

/** The tutor's stream: its two calls per message at the served load, with headroom. */
function tutorReservation(): number {
  const load = peakLoad(learnersServed(), 1);
  const perSecond = (load.dailyLearners * ASSUMPTIONS.peakHourShare * ASSUMPTIONS.tutorMessagesPerLearner) / 3600;
  return Math.max(TUTOR_STREAM_FLOOR, Math.ceil(perSecond * TUTOR_CALLS.reduce((s, c) => s + c.seconds, 0) * HEADROOM));
}

/** ESTIMATE: each API group's share of what the API is left (course pages and job follow-ups lead). */
const API_WEIGHTS: Record<RouteGroup, number> = {
  courses: 20, jobs: 15, lessons: 15, evaluations: 10, tutor: 5, review: 6, users: 6, auth: 8, social: 5, diplomado: 3, payments: 4, certificates: 3, materials: 2, scorm: 1, sharing: 1, aulas: 2, narration: 2, lti: 1,
};

export interface Reservations {
  pipeline: Record<TaskName, number>;
  modelJobs: number;
  tutorStream: number;
  api: Record<RouteGroup, number>;
}

export function reservations(): Reservations {
  const pipeline = pipelineReservations();
  const modelJobs = modelJobReservation(pipeline.Lesson);
  const tutorStream = tutorReservation();
  const taken = Object.values(pipeline).reduce((a, b) => a + b, 0) + modelJobs + tutorStream;
  const left = RESERVABLE - taken;
  if (left < 100) throw new Error(`The pipeline and tutor reservations (${taken}) leave the API only ${left} of ${RESERVABLE}: lower PLANNED_BEDROCK_TPM or raise the account's concurrency.`);
  const total = Object.values(API_WEIGHTS).reduce((a, b) => a + b, 0);
  const api = Object.fromEntries(Object.entries(API_WEIGHTS).map(([g, w]) => [g, Math.floor((left * w) / total)])) as Record<RouteGroup, number>;
  return { pipeline, modelJobs, tutorStream, api };
}

export const RESERVED_CONCURRENCY = reservations();
