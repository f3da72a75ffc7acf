import { myCoursesQuery, planRequest, progressRequest, suggestionsRequest } from '../contract';
import { structuredModel } from '../shared/ai/bedrock-client';
import { documentClient, dynamoClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { noneMatch, weakEtag } from '../shared/etag';
import * as z from 'zod';
import { dynamoCourseActivity } from '../social';
import { courseIdParam, dynamoCourseStore, dynamoSuggestionCache, stepFunctionsWorkflow } from '../course-model';
import { courseQuota, tableAllowance, tableQuotas } from '../plans';
import * as uc from './use-cases';
import { fingerprintOf, idempotencyKeyOf, idempotent, tableRequestRecords } from './idempotency';
import { stepFunctionsClient } from '../shared/step-functions';
import { dynamoModelJobStore, stepFunctionsModelJobs } from '../jobs';
import { certificatesAfterProgress } from '../certificates';
import { outlineEndpoint } from './outline-endpoint';
import { tableAdmission } from './admission';
import { dynamoReviewHooks } from '../review';
import { dynamoMaterialStore } from '../materials';

const config = readConfig({ TABLE_NAME: tableName, STATE_MACHINE_ARN: z.string().min(1), MODEL_JOBS_STATE_MACHINE_ARN: z.string().min(1) });
const store = dynamoCourseStore(documentClient(), config.TABLE_NAME);
const cache = dynamoSuggestionCache(documentClient(), config.TABLE_NAME);
// Plan quotas (lambdas/plans): one new course per request, counted per calendar month.
const activity = dynamoCourseActivity(documentClient(), config.TABLE_NAME);
const plan: uc.PlanDeps = { store, admission: tableAdmission(config.TABLE_NAME), workflow: stepFunctionsWorkflow(stepFunctionsClient(), config.STATE_MACHINE_ARN), quota: courseQuota(tableQuotas(config.TABLE_NAME)), activity, materials: dynamoMaterialStore(documentClient(), config.TABLE_NAME) };
// A retry is bounded per course and by the plan's daily `reintentos` (lambdas/plans/plans.ts).
const retry = { ...plan, retries: tableAllowance(config.TABLE_NAME, 'reintentos') };

// Suggestions on a cache miss are a model job (lambdas/pipeline/model-jobs.ts), paid by the daily allowance.
const suggestions = {
  model: structuredModel(), cache, allowance: tableAllowance(config.TABLE_NAME, 'sugerencias'),
  jobs: { jobs: dynamoModelJobStore(documentClient(), config.TABLE_NAME), workflow: stepFunctionsModelJobs(stepFunctionsClient(), config.MODEL_JOBS_STATE_MACHINE_ARN) },
};
const idempotency = tableRequestRecords(config.TABLE_NAME, dynamoClient());
// A completed lesson's self-check questions become review cards (lambdas/review, docs/review.md).
const review = dynamoReviewHooks(documentClient(), config.TABLE_NAME);

export const handler = createHandler('courses', {
  'POST /courses/suggestions': endpoint({
    body: suggestionsRequest,
    handle: async ({ userId, body }) => {
      const answer = await uc.requestSuggestions(suggestions, userId, body);
      return 'data' in answer ? ok(answer) : ok({ jobId: answer.jobId, message: 'Buscando ideas de cursos' }, 202);
    },
  }),
  'POST /courses/plan': endpoint({
    body: planRequest,
    // With an Idempotency-Key, a replay answers the first result: no second course, no second quota unit.
    handle: async ({ userId, body, event }) => {
      const key = idempotencyKeyOf(event.headers);
      const start = () => uc.startCourseGeneration(plan, userId, body);
      const result = key ? await idempotent(idempotency, userId, `plan:${key}`, fingerprintOf('POST /courses/plan', body), start) : await start();
      return ok({ ...result, message: 'Estamos creando tu curso' });
    },
  }),
  'POST /courses/{id}/retry': endpoint({
    handle: async ({ userId, params }) => ok({ ...(await uc.retryCourseGeneration(retry, userId, courseIdParam(params.id))), message: 'Volvemos a generar tu curso' }),
  }),
  'PUT /courses/{id}/outline': outlineEndpoint(documentClient(), config.TABLE_NAME, store),
  'GET /courses/my-courses': endpoint({ query: myCoursesQuery, handle: async ({ userId, query }) => ok(await uc.listCourses(store, userId, query)) }),
  'GET /courses/{id}': endpoint({
    // Issue 44 item 7: a conditional read. A downloaded course asks with its copy's tag; unchanged, the answer is a
    // 304 with no body. The course is read (and its owner checked) first: another learner gets the 404, never a 304.
    handle: async ({ userId, params, event }) => {
      const data = await uc.getCourse(store, userId, courseIdParam(params.id));
      const etag = weakEtag(data);
      if (noneMatch(event.headers?.['if-none-match'], etag)) return { status: 304, body: {}, headers: { etag } };
      return { ...ok({ data }), headers: { etag } };
    },
  }),
  'GET /courses/{id}/progress': endpoint({ handle: async ({ userId, params }) => ok({ data: await uc.getProgress(store, userId, courseIdParam(params.id)) }) }),
  'POST /courses/{id}/progress': endpoint({
    body: progressRequest,
    handle: async ({ userId, params, body }) => {
      const data = await uc.setProgress(store, userId, courseIdParam(params.id), body, activity);
      await review.lessonProgress(userId, courseIdParam(params.id), body);
      return ok({ data, ...(await certificatesAfterProgress(userId, data.courseId, data)), message: 'Progreso guardado' });
    },
  }),
});
