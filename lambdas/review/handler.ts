import * as z from 'zod';
import { openAnswerRequest, reviewDueQuery, reviewRating, reviewReveal, reviewSummaryQuery } from '../contract';
import { courseIdParam, pathIdParam } from '../course-model';
import { dynamoModelJobStore, stepFunctionsModelJobs } from '../jobs';
import { tableAllowance } from '../plans';
import { clock } from '../shared/clock';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { outboxKeyOf } from '../shared/idempotency-key';
import { dynamoLearnerModel, dynamoMasteryReads } from '../learner-model';
import { stepFunctionsClient } from '../shared/step-functions';
import { dynamoCardStore } from './card-store';
import { learnerModelEvidence } from './evidence';
import { dynamoPracticeLesson } from './lesson-reader';
import { dynamoModulePassed } from './module-pass';
import { dynamoReplays } from './replays';
import { startSelfCheckGrading, type StartGradingDeps } from './open-answers';
import { dueCards, rateCard, revealCard, reviewSummary, type ReviewDeps } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName, MODEL_JOBS_STATE_MACHINE_ARN: z.string().min(1) });
const db = documentClient();
// Issue 44: the phone's outbox sends ratings and answers under an Idempotency-Key (replays.ts).
const replays = dynamoReplays(db, config.TABLE_NAME);
const deps: ReviewDeps = {
  cards: dynamoCardStore(db, config.TABLE_NAME),
  now: () => clock.now(),
  passed: dynamoModulePassed(db, config.TABLE_NAME),
  evidence: learnerModelEvidence(dynamoLearnerModel(db, config.TABLE_NAME)),
  replays,
};
// Issue 32: the Mapa de dominio and the dashboard's next step read the learner model (docs/learning.md).
const mastery = dynamoMasteryReads(db, config.TABLE_NAME);
// Issue 32: open answers are graded by the model-jobs state machine; this route only checks and starts it.
const grading: StartGradingDeps = {
  readLesson: dynamoPracticeLesson(db, config.TABLE_NAME),
  jobs: { jobs: dynamoModelJobStore(db, config.TABLE_NAME), workflow: stepFunctionsModelJobs(stepFunctionsClient(), config.MODEL_JOBS_STATE_MACHINE_ARN) },
  allowance: tableAllowance(config.TABLE_NAME, 'respuestasAbiertas'),
  replays,
};
const QUESTION_NOT_FOUND = 'No encontramos esa pregunta en la lección.';

export const handler = createHandler('review', {
  'GET /review/due': endpoint({
    query: reviewDueQuery,
    handle: async ({ userId, query }) => ok({ data: await dueCards(deps, userId, query) }),
  }),
  'GET /review/summary': endpoint({
    query: reviewSummaryQuery,
    handle: async ({ userId, query }) => ok({ data: await reviewSummary(deps, userId, query.tz) }),
  }),
  'POST /review/{cardId}/reveal': endpoint({
    body: reviewReveal,
    handle: async ({ userId, params, body }) => ok({ data: await revealCard(deps, userId, params.cardId, body) }),
  }),
  'POST /review/{cardId}': endpoint({
    body: reviewRating,
    handle: async ({ userId, params, body, event }) =>
      ok({ data: await rateCard(deps, userId, params.cardId, body.calificacion, body.repasos, outboxKeyOf(event.headers)), message: 'Repaso guardado' }),
  }),
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check': endpoint({
    body: openAnswerRequest,
    handle: async ({ userId, params, body, event }) => {
      const key = outboxKeyOf(event.headers);
      const where = { courseId: courseIdParam(params.id), moduleId: pathIdParam(params.moduleId, QUESTION_NOT_FOUND), lessonId: pathIdParam(params.lessonId, QUESTION_NOT_FOUND) };
      return ok({ ...(await startSelfCheckGrading(grading, userId, where, body, key)), message: 'Estamos corrigiendo tu respuesta' }, 202);
    },
  }),
  'GET /courses/{id}/mastery': endpoint({
    handle: async ({ userId, params }) => ok({ data: await mastery.courseMastery(userId, courseIdParam(params.id)) }),
  }),
  'GET /courses/next-step': endpoint({
    handle: async ({ userId }) => ok({ data: await mastery.nextStep(userId) }),
  }),
});
