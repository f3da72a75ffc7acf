import * as z from 'zod';
import { diplomadoCourseRequest, diplomadoPlanRequest } from '../contract';
import { dynamoCourseStore, pathIdParam, stepFunctionsWorkflow } from '../course-model';
import { stepFunctionsClient } from '../shared/step-functions';
import { structuredModel } from '../shared/ai/bedrock-client';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { dynamoCourseActivity } from '../social';
import { dynamoDiplomadoStore } from './diplomado-store';
import { courseQuota, diplomadoAccess, modelAllowance, tableQuotas } from '../plans';
import { dynamoModelJobStore, stepFunctionsModelJobs } from '../jobs';
import { tableAdmission } from '../courses';
import { DIPLOMADO_NOT_FOUND, generateDiplomadoCourse, getDiplomado, listDiplomados, planDiplomado, type DiplomadoDeps } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName, STATE_MACHINE_ARN: z.string().min(1), MODEL_JOBS_STATE_MACHINE_ARN: z.string().min(1) });
const courses = dynamoCourseStore(documentClient(), config.TABLE_NAME);
// Plan rules (lambdas/plans): the diplomado is premium only (402), and its courses count as new courses.
const quotas = tableQuotas(config.TABLE_NAME);
const deps: DiplomadoDeps = {
  store: dynamoDiplomadoStore(documentClient(), config.TABLE_NAME),
  courses,
  model: structuredModel(),
  access: diplomadoAccess(quotas),
  allowance: modelAllowance(quotas, 'planesDiplomado'),
  jobs: { jobs: dynamoModelJobStore(documentClient(), config.TABLE_NAME), workflow: stepFunctionsModelJobs(stepFunctionsClient(), config.MODEL_JOBS_STATE_MACHINE_ARN) },
  plan: {
    store: courses, workflow: stepFunctionsWorkflow(stepFunctionsClient(), config.STATE_MACHINE_ARN), quota: courseQuota(quotas),
    // Started like any course: within the plan's courses at once (premium's covers a whole programme).
    admission: tableAdmission(config.TABLE_NAME),
    // A programme's courses give their learner topics in the community too (social projection).
    activity: dynamoCourseActivity(documentClient(), config.TABLE_NAME),
  },
};

export const handler = createHandler('diplomado', {
  'POST /diplomado/plan': endpoint({
    body: diplomadoPlanRequest,
    handle: async ({ userId, body }) => {
      const { jobId } = await planDiplomado(deps, userId, body);
      // GET /jobs/{id} ends with result.diplomadoId.
      return ok({ jobId, message: 'Estamos diseñando tu diplomado' }, 202);
    },
  }),
  'POST /diplomado/course': endpoint({
    body: diplomadoCourseRequest,
    handle: async ({ userId, body }) => {
      const { cursos } = await generateDiplomadoCourse(deps, userId, body);
      // SPEC §3 shape for a single course: curso.courseId and the job id at the top level.
      const single = body.index !== undefined ? cursos[0] : undefined;
      return ok({ data: { cursos }, ...(single && { curso: single.curso, jobId: single.jobId }), message: 'Estamos creando tu curso' });
    },
  }),
  'GET /diplomado': endpoint({ handle: async ({ userId }) => ok({ data: await listDiplomados(deps, userId) }) }),
  'GET /diplomado/{id}': endpoint({
    handle: async ({ userId, params }) => ok({ data: await getDiplomado(deps, userId, pathIdParam(params.id, DIPLOMADO_NOT_FOUND)) }),
  }),
});
