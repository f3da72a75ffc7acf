import { BANK_BATCH, BANK_SIZE, batchMaxTokens } from '../lambdas/evaluations/question-bank';
import { modelTimeMs, ROUTES } from '../lambdas/shared/ai/model-table';
import { prompts } from '../lambdas/shared/ai/prompts';
import { MAX_TURNS } from '../lambdas/tutor/history';
import { AWS_DEFAULT_QUOTAS } from './aws-quotas';

// THE capacity model (issue 23): from daily learners to what each AWS quota sees at the peak
// hour, computed from the code's own constants (prompts' maxTokens, the question bank's batches,
// the model table's pace, the ASL's shape). scripts/bench/capacity-model.bench.ts writes its tables
// into docs/capacity.md; infra/concurrency.ts sizes reserved concurrency from it. Figures marked
// ESTIMATE are not in the code (prompt sizes, item sizes, request durations): change them here.

/** The assumptions: the peak hour carries 15 % of a day; per daily learner, at most: */
export const ASSUMPTIONS = {
  peakHourShare: 0.15,
  coursesPerLearner: { low: 0.06, high: 0.3 },
  tutorMessagesPerLearner: 10,
  readsPerLearner: 30,
} as const;

/** The course the issue sizes: 5 modules of 4 lessons. */
export const COURSE = { modules: 5, lessonsPerModule: 4 } as const;

/** ESTIMATE: input tokens of one call (system, instructions, data as JSON), rounded up. */
const INPUT_TOKENS = { outline: 1500, lesson: 3000, evaluation: 6000, verifier: 3500, tutor: 4500, tutorLeak: 1500 } as const;

export interface ModelCall {
  purpose: string;
  modelId: string;
  calls: number;
  /** What Bedrock's quota counts when the call starts: input plus maxTokens. */
  reservedTokens: number;
  /** Seconds one call holds its Lambda: a full maxTokens answer at the model table's pace. */
  seconds: number;
}

const call = (purpose: keyof typeof INPUT_TOKENS, route: keyof typeof ROUTES, maxTokens: number, calls: number): ModelCall => ({
  purpose,
  modelId: ROUTES[route],
  calls,
  reservedTokens: INPUT_TOKENS[purpose] + maxTokens,
  seconds: (modelTimeMs(ROUTES[route], maxTokens) ?? maxTokens * 20) / 1000,
});

const lessons = COURSE.modules * COURSE.lessonsPerModule;
const bankCalls = COURSE.modules * Math.ceil(BANK_SIZE / BANK_BATCH);

/** One course's model calls, in the order the pipeline makes them. */
export const COURSE_CALLS: ModelCall[] = [
  call('outline', 'outline', prompts.outline.maxTokens, 1),
  call('lesson', 'lesson', prompts.lesson.maxTokens, lessons),
  // A batch asks for its own cap (issue 42: batches of four, question-bank.ts batchMaxTokens).
  call('evaluation', 'evaluation', batchMaxTokens(BANK_BATCH), bankCalls),
  // The verifier answers each writer batch blind (verifier.ts), on another family's model.
  call('verifier', 'verifier', prompts.verifier.maxTokens, bankCalls),
];

/** One tutor message: the answer, then the paraphrase check (leak-verifier.ts). */
export const TUTOR_CALLS: ModelCall[] = [call('tutor', 'tutor', prompts.tutor.maxTokens, 1), call('tutorLeak', 'tutor', 300, 1)];

/**
 * State transitions of one course (Standard workflow: every state entered counts): Writing, Outline,
 * ReviewOutline?, ReleaseModules, ModuleSlots, Modules; per module its slot's ModuleReady,
 * ModuleWritten? and Module (issue 42), its Lessons map, each Lesson and the Evaluation; Finalize,
 * Done (lambdas/pipeline/state-machine.asl.json), plus a retry now and then.
 */
export const TRANSITIONS_PER_COURSE = 6 + COURSE.modules * (5 + COURSE.lessonsPerModule) + 2 + 2;

/** ESTIMATE: item sizes in KB (a unit is 1 KB written or 4 KB read; an update costs the item's whole size). */
export const ITEM_KB = { course: 9, lesson: 14, evaluation: 30, job: 1, head: 1, question: 1, answer: 2 } as const;

/** The kept conversation: the last MAX_TURNS turns, half questions, half answers (lambdas/tutor/history.ts). */
const CONVERSATION_KB = (MAX_TURNS / 2) * (ITEM_KB.question + ITEM_KB.answer);

/**
 * DynamoDB units per action, today's access patterns (docs/data-model.md). A course writes its
 * course item at each step and each lesson once; a read is the course Query; a tutor message reads
 * the course item, one lesson, the evaluations and the conversation, and writes its turns.
 */
export const UNITS = {
  courseWrites: lessons * (ITEM_KB.lesson + ITEM_KB.job) + COURSE.modules * (ITEM_KB.evaluation + ITEM_KB.job) + 4 * ITEM_KB.course,
  readRead: Math.ceil((ITEM_KB.course + lessons * 0.5) / 4),
  tutorRead: Math.ceil((ITEM_KB.course + ITEM_KB.lesson + ITEM_KB.evaluation * COURSE.modules + ITEM_KB.head + CONVERSATION_KB) / 4),
  // The head moved on, the two turns put and the two that fell out deleted (one item each,
  // lambdas/tutor/conversation-store.ts), and the day's message counter. Rewriting the whole
  // conversation cost CONVERSATION_KB + 1.
  tutorWrite: ITEM_KB.head + 2 * (ITEM_KB.question + ITEM_KB.answer) + 1,
  // One UpdateItem of the course item (its progress map and counters; the lesson item, with its
  // content, is never written). It was a transaction of both, each billed twice: 2 × (lesson + course).
  progressWrite: ITEM_KB.course,
} as const;

/** ESTIMATE: progress writes per daily learner (lessons opened and completed). */
export const PROGRESS_WRITES_PER_LEARNER = 6;

/** ESTIMATE: seconds a function works per request (DynamoDB round trips; the tutor streams its answer). */
export const API_SECONDS = 0.15;
/** Requests a course page makes while its course generates (job polling with backoff and ETag, issue 23). */
export const POLLS_PER_COURSE = 30;
/** ESTIMATE: share of a learner's reads that go to the busiest route (the course page, GET /courses/{id}). */
export const BUSIEST_ROUTE_SHARE = 0.5;

export interface Load {
  dailyLearners: number;
  coursesPerHour: number;
  bedrockTpm: Record<string, number>;
  pipelineConcurrency: number;
  tutorConcurrency: number;
  apiRps: number;
  /** The busiest single route: the course page's reads, or the job follow-ups, whichever is more. */
  busiestRouteRps: number;
  apiConcurrency: number;
  transitionsPerSecond: number;
  writeUnitsPerSecond: number;
  readUnitsPerSecond: number;
  /** Writes per second to one running-jobs index partition (sharded: lambdas/course-model/store-support.ts). */
  runningIndexWritesPerShard: number;
}

const perSecond = (perHour: number) => perHour / 3600;

/** The peak hour's load at `dailyLearners`, with the high course rate (what sizing must survive). */
export function peakLoad(dailyLearners: number, runningJobShards: number): Load {
  const peak = dailyLearners * ASSUMPTIONS.peakHourShare;
  const coursesPerHour = peak * ASSUMPTIONS.coursesPerLearner.high;
  const messagesPerHour = peak * ASSUMPTIONS.tutorMessagesPerLearner;
  const bedrockTpm: Record<string, number> = {};
  for (const c of [...COURSE_CALLS.map((x) => ({ ...x, perHour: coursesPerHour })), ...TUTOR_CALLS.map((x) => ({ ...x, perHour: messagesPerHour }))]) {
    bedrockTpm[c.modelId] = (bedrockTpm[c.modelId] ?? 0) + (c.perHour * c.calls * c.reservedTokens) / 60;
  }
  const busy = (calls: ModelCall[], perHour: number) => calls.reduce((s, c) => s + perSecond(perHour) * c.calls * c.seconds, 0);
  const apiRps = perSecond(peak * ASSUMPTIONS.readsPerLearner + coursesPerHour * POLLS_PER_COURSE + messagesPerHour);
  const tasksPerHour = coursesPerHour * (1 + lessons + COURSE.modules + 1);
  return {
    dailyLearners,
    coursesPerHour,
    bedrockTpm,
    pipelineConcurrency: busy(COURSE_CALLS, coursesPerHour),
    tutorConcurrency: busy(TUTOR_CALLS, messagesPerHour),
    apiRps,
    busiestRouteRps: Math.max(perSecond(peak * ASSUMPTIONS.readsPerLearner * BUSIEST_ROUTE_SHARE), perSecond(coursesPerHour * POLLS_PER_COURSE)),
    apiConcurrency: apiRps * API_SECONDS,
    transitionsPerSecond: perSecond(coursesPerHour * TRANSITIONS_PER_COURSE),
    writeUnitsPerSecond: perSecond(coursesPerHour * UNITS.courseWrites + messagesPerHour * UNITS.tutorWrite + peak * PROGRESS_WRITES_PER_LEARNER * UNITS.progressWrite),
    readUnitsPerSecond: perSecond(peak * ASSUMPTIONS.readsPerLearner * UNITS.readRead + messagesPerHour * UNITS.tutorRead),
    runningIndexWritesPerShard: perSecond(tasksPerHour) / runningJobShards,
  };
}

export { AWS_DEFAULT_QUOTAS };
