import { feedbackRequest, tutorChatRequest, tutorContextQuery } from '../contract';
import { courseIdParam, dynamoCourseStore } from '../course-model';
import { materialGrounding } from '../grounding';
import { bedrockEmbed, dynamoMaterialStore } from '../materials';
import { structuredModel } from '../shared/ai/bedrock-client';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { tableBudget, tableQuotas, tableSpendCharge, tutorQuotaPort } from '../plans';
import { dynamoFeedbackStore, recordFeedback } from '../feedback';
import { dynamoLearnerModel } from '../learner-model';
import { dynamoTutorStore } from './tutor-store';
import { chatWithTutor, clearTutorHistory, tutorContext, type TutorDeps } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName });
const tutor = dynamoTutorStore(documentClient(), config.TABLE_NAME);
const deps: TutorDeps = {
  courses: dynamoCourseStore(documentClient(), config.TABLE_NAME),
  tutor,
  model: structuredModel(),
  // The plan's daily limit (lambdas/plans/plans.ts), on the same counters GET /payments/plan shows.
  quota: tutorQuotaPort(tableQuotas(config.TABLE_NAME)),
  budget: tableBudget(config.TABLE_NAME),
  // Issue 24: a course built from the learner's materials is answered from them first.
  grounding: materialGrounding({ store: dynamoMaterialStore(documentClient(), config.TABLE_NAME), embed: bedrockEmbed, charge: tableSpendCharge(config.TABLE_NAME) }),
  // Issue 32: the learner's weak objectives reach the prompt, and the context offers "Practiquemos…".
  mastery: dynamoLearnerModel(documentClient(), config.TABLE_NAME),
};

const feedback = dynamoFeedbackStore(documentClient(), config.TABLE_NAME);

export const handler = createHandler('tutor', {
  'POST /ai-tutor/chat': endpoint({
    body: tutorChatRequest,
    handle: async ({ userId, body }) => ok({ data: await chatWithTutor(deps, userId, body) }),
  }),
  'GET /ai-tutor/context/{id}': endpoint({
    query: tutorContextQuery,
    handle: async ({ userId, params, query }) =>
      ok({ data: await tutorContext(deps, userId, courseIdParam(params.id), query.moduleId, query.lessonId) }),
  }),
  'POST /feedback': endpoint({
    body: feedbackRequest,
    handle: async ({ userId, body }) => ok({ data: await recordFeedback({ courses: deps.courses, tutor, feedback }, userId, body), message: 'Gracias por tu valoración' }),
  }),
  'DELETE /ai-tutor/context/{id}': endpoint({
    handle: async ({ userId, params }) => {
      await clearTutorHistory(deps, userId, courseIdParam(params.id));
      return ok({ message: 'Historial del tutor borrado' });
    },
  }),
});
