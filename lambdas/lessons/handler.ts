import * as z from 'zod';
import { lessonRequest } from '../contract';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { stepFunctionsClient } from '../shared/step-functions';
import { dynamoCourseStore } from '../course-model';
import { dynamoModelJobStore, stepFunctionsModelJobs } from '../jobs';
import { tableAllowance } from '../plans';
import { startLessonRegeneration, type LessonJobDeps } from './use-cases';

// The lesson is written by the model-jobs state machine (lambdas/pipeline/model-jobs.ts): this
// route only checks, takes the daily allowance and starts the job.
const config = readConfig({ TABLE_NAME: tableName, MODEL_JOBS_STATE_MACHINE_ARN: z.string().min(1) });
const deps: LessonJobDeps = {
  store: dynamoCourseStore(documentClient(), config.TABLE_NAME),
  jobs: {
    jobs: dynamoModelJobStore(documentClient(), config.TABLE_NAME),
    workflow: stepFunctionsModelJobs(stepFunctionsClient(), config.MODEL_JOBS_STATE_MACHINE_ARN),
  },
  allowance: tableAllowance(config.TABLE_NAME, 'regeneraciones'),
};

export const handler = createHandler('lessons', {
  'POST /lesson/generate': endpoint({
    body: lessonRequest,
    handle: async ({ userId, body }) => ok({ ...(await startLessonRegeneration(deps, userId, body)), message: 'Estamos escribiendo la lección de nuevo' }, 202),
  }),
});
