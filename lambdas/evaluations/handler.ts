import { evaluationRequest, evaluationSubmission } from '../contract';
import { structuredModel } from '../shared/ai/bedrock-client';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { courseIdParam } from '../courses/course-id';
import { dynamoCourseStore } from '../courses/course-store';
import { dynamoGenerationStore } from '../courses/generation-store';
import { tableAllowance } from '../plans/adapters';
import { dynamoEvaluationStore } from './evaluation-store';
import { getOrGenerateEvaluation, submitEvaluation, type EvaluationDeps } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName });
const db = documentClient();
const deps: EvaluationDeps = {
  evaluations: dynamoEvaluationStore(db, config.TABLE_NAME),
  store: dynamoCourseStore(db, config.TABLE_NAME),
  gen: dynamoGenerationStore(db, config.TABLE_NAME),
  model: structuredModel(),
  variants: tableAllowance(config.TABLE_NAME, 'variantesEvaluacion'),
};
const NOT_FOUND = 'No encontramos esa evaluación en tu curso.';

export const handler = createHandler('evaluations', {
  'POST /evaluacion/generate': endpoint({
    body: evaluationRequest,
    handle: async ({ userId, body }) => ok({ data: await getOrGenerateEvaluation(deps, userId, body) }),
  }),
  'POST /courses/{id}/modules/{moduleId}/evaluation': endpoint({
    body: evaluationSubmission,
    handle: async ({ userId, params, body }) =>
      ok({ data: await submitEvaluation(deps, userId, courseIdParam(params.id, NOT_FOUND), courseIdParam(params.moduleId, NOT_FOUND), body) }),
  }),
});
