import type { RouteGroup } from '../lambdas/contract/routes';
import type { TaskName } from '../lambdas/pipeline/state-machine';
import { API_TIMEOUT_SECONDS } from '../lambdas/shared/function-timeouts';

// THE limits every function runs under, read by both places it runs: the CDK stack
// (infra/aws/api.ts, infra/aws/course-pipeline.ts) and the local stack (infra/local/gateway.ts),
// so a request that would be cut or a handler that would be killed on AWS fails the same way on
// this machine first. Neither aws/ nor local/, so both may import it; lambdas/ never does: the API
// timeouts a function must know itself live in lambdas/shared/function-timeouts.ts, read here.

export interface FunctionLimits {
  /** Lambda's timeout: past it the invocation is killed and counts as failed. */
  timeoutSeconds: number;
  memoryMb: number;
}

/**
 * API Gateway HTTP API's integration timeout: 30 s, the maximum and a hard quota. The client's
 * request is cut there whatever the function's own timeout.
 */
export const HTTP_API_INTEGRATION_TIMEOUT_SECONDS = 30;

/**
 * What HTTP API answers itself, in English, whatever the function would have said: when the
 * integration runs past 30 s (503; a REST API would say 504), and when the Lambda invocation
 * fails (its timeout, a crash, an unparseable result: 500).
 */
export const HTTP_API_TIMEOUT_RESPONSE = { status: 503, body: { message: 'Service Unavailable' } } as const;
export const HTTP_API_INTEGRATION_FAILURE_RESPONSE = { status: 500, body: { message: 'Internal Server Error' } } as const;

/**
 * 29 s for groups that may call a model within the request, so the function is always stopped
 * by its own timeout (and a handler's deadline-aware model call gives up before that) instead of
 * running on, spending tokens, after the gateway already answered 503. The second below 30 covers
 * the invoke overhead the gateway counts and the function does not. Everything else must answer
 * in a few seconds: 10 s is already a failure worth an alarm.
 */
const QUICK: FunctionLimits = { timeoutSeconds: API_TIMEOUT_SECONDS.quick, memoryMb: 1024 };
const MODEL: FunctionLimits = { timeoutSeconds: API_TIMEOUT_SECONDS.model, memoryMb: 1024 };
/**
 * Payments call Stripe within the request: usually up to four calls in a row (a webhook event: the
 * closed-account mark, the customer's subscriptions, the default card, set it; an upgrade: customer,
 * subscriptions, sessions, create, then expiring the others), each bounded at 6 s, no retry inside it
 * (lambdas/payments/stripe-client.ts). 10 s would kill a webhook mid-way on a slow Stripe; 29 s fits them and still ends before the
 * HTTP API's 30 s cut, so Stripe always hears an answer (docs/payments.md "Timeouts").
 */
const STRIPE: FunctionLimits = { timeoutSeconds: API_TIMEOUT_SECONDS.stripe, memoryMb: 1024 };

export const API_FUNCTION_LIMITS: Record<RouteGroup, FunctionLimits> = {
  auth: QUICK,
  users: QUICK,
  courses: MODEL,
  lessons: MODEL,
  evaluations: MODEL,
  diplomado: MODEL,
  tutor: MODEL,
  social: QUICK,
  jobs: QUICK,
  payments: STRIPE,
  review: QUICK,
  certificates: QUICK,
  // Pasted text is split and stored within the request (a few BatchWriteItem calls; docs/materials.md).
  materials: QUICK,
  // A copy is one TransactWriteItems of at most ~55 items, no model (docs/sharing.md).
  sharing: QUICK,
  // Aulas: a join copies the assigned courses (one TransactWriteItems each), the teacher's view a few BatchGetItem; no model (docs/aulas.md).
  aulas: QUICK,
  // Renders and zips a course within the request, no model (docs/scorm.md "Limits").
  scorm: QUICK,
  // Narration starts Polly's tasks and answers; a tutor answer is one synchronous SynthesizeSpeech of at most
  // 3,000 characters, which Polly answers in seconds (docs/narration.md). No model call.
  narration: QUICK,
  // LTI 1.3 (docs/lti.md): a launch fetches the platform's key set once per container, then a few item writes.
  lti: QUICK,
};

/**
 * Groups that may call a model within the request (MODEL limits above). The WAF's per-IP rule covers the
 * routes marked `spends` in the route table (infra/aws/waf.ts); test/infra/waf.test.ts checks that every POST
 * of these groups is marked or named there as free.
 */
export const MODEL_ROUTE_GROUPS = (Object.keys(API_FUNCTION_LIMITS) as RouteGroup[]).filter((g) => API_FUNCTION_LIMITS[g] === MODEL);

/**
 * Functions that answer a route flagged `stream` in the route table through a Function URL
 * (RESPONSE_STREAM): no gateway cuts them at 30 s, so the function's own timeout is the only
 * bound. 120 s covers the tutor's longest answer at the slowest model's pace (1,500 tokens) plus
 * the paraphrase verifier, with the model calls' own bounds below it.
 */
export const STREAM_FUNCTION_LIMITS: Partial<Record<RouteGroup, FunctionLimits>> = {
  tutor: { timeoutSeconds: 120, memoryMb: 1024 },
};

/**
 * Course-generation tasks (Step Functions, no gateway in front). Each stays below the
 * TimeoutSeconds of the state that invokes it in the ASL, so Lambda's timeout is the one that
 * fires and the state machine's Retry sees a named error (test/infra/course-pipeline.test.ts).
 */
export const TASK_FUNCTION_LIMITS: Record<TaskName, FunctionLimits> = {
  Outline: { timeoutSeconds: 110, memoryMb: 512 },
  Lesson: { timeoutSeconds: 290, memoryMb: 512 },
  Evaluation: { timeoutSeconds: 290, memoryMb: 512 },
  Finalize: { timeoutSeconds: 50, memoryMb: 512 },
  MarkFailed: { timeoutSeconds: 50, memoryMb: 512 },
  // Stores the task token (or reads the kept outline): two DynamoDB calls. OutlineKept's state allows 60 s.
  OutlineReview: { timeoutSeconds: 50, memoryMb: 512 },
};

/**
 * The uploaded-material processor (infra/aws/materials-bucket.ts, lambdas/materials/process-upload.ts):
 * reads one file (≤ 20 MB), extracts up to 300 pages and embeds ≈ 900 passages 8 at a time (≈ 15 s at
 * Titan's pace). Five minutes leave room for a slow model; the job stops 15 s before and marks the
 * material `error`, and the same figure is how long its claim on a material holds (S3's retry of a
 * crashed run takes over after it). 1,769 MB is one full vCPU for PDF.js's parsing.
 */
export const MATERIALS_PROCESSOR_LIMITS: FunctionLimits = { timeoutSeconds: 300, memoryMb: 1769 };

/** The stale-job sweeper (infra/aws/sweeper.ts): one Query and up to a few hundred conditional transactions. */
export const SWEEPER_FUNCTION_LIMITS: FunctionLimits = { timeoutSeconds: 60, memoryMb: 256 };

/**
 * The LTI queue's run (infra/aws/lti-expiry.ts): up to 20 batches of 25 entries, each a conditional transaction or a
 * frame-store publication (three CloudFront calls at most): a few seconds as a rule, two minutes for a long queue.
 */
export const LTI_EXPIRY_FUNCTION_LIMITS: FunctionLimits = { timeoutSeconds: 120, memoryMb: 256 };
