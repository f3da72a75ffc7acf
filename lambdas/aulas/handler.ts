import * as z from 'zod';
import { assignmentRequest, aulaRequest, inviteCode, joinRequest, lmsRetryRequest } from '../contract';
import { dynamoGradeErasure, dynamoLmsGrades, stepFunctionsScoreJobs } from '../lms-grades';
import { stepFunctionsClient } from '../shared/step-functions';
import { dynamoCourseStore } from '../course-model';
import { dynamoMaterialStore } from '../materials';
import { tableAulaAllowance } from '../plans';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { notFound } from '../shared/errors';
import { createHandler, endpoint, ok } from '../shared/http';
import { dynamoAulaStore } from './aula-store';
import { liveMaterialIds } from './copy-rules';
import { lmsView, retryLmsScore, type LmsViewDeps } from './lms-view';
import { readGroup } from './group-reads';
import { joinAula, leaveAula, memberDetail, previewInvitation, syncCopies, teacherView } from './membership';
import { CODE_NOT_FOUND, MEMBER_NOT_FOUND } from './messages';
import type { AulaDeps } from './ports';
import { assignCourses, aulaIdParam, createAula, deleteAula, listAulas } from './teaching';

const config = readConfig({
  TABLE_NAME: tableName,
  /** The LMS scores' state machine (docs/lti.md "Grades"): the teacher's retry starts a score's job again. */
  LMS_SCORES_STATE_MACHINE_ARN: z.string().min(1),
});
const db = documentClient();
const store = dynamoAulaStore(db, config.TABLE_NAME);
const courses = dynamoCourseStore(db, config.TABLE_NAME);
const liveMaterials = liveMaterialIds(dynamoMaterialStore(db, config.TABLE_NAME));
const deps: AulaDeps = {
  store,
  allowance: tableAulaAllowance(config.TABLE_NAME),
  courses,
  copies: { db, tableName: config.TABLE_NAME, store, courses, liveMaterials, now: clock.now },
  readGroup: (aula, members) => readGroup(db, config.TABLE_NAME, aula, members),
  grades: dynamoGradeErasure(db, config.TABLE_NAME),
  now: clock.now,
};

const lms: LmsViewDeps = { store, grades: dynamoLmsGrades(db, config.TABLE_NAME), jobs: stepFunctionsScoreJobs(stepFunctionsClient(), config.LMS_SCORES_STATE_MACHINE_ARN), now: clock.now };

/** A code in the path: anything that is not one is simply not an aula's. */
const codeParam = (raw: string | undefined) => {
  const parsed = inviteCode.safeParse(raw ?? '');
  if (!parsed.success) throw notFound(CODE_NOT_FOUND);
  return parsed.data;
};
const memberParam = (raw: string | undefined) => {
  if (!raw || !/^[\w-]{1,128}$/.test(raw)) throw notFound(MEMBER_NOT_FOUND);
  return raw;
};

export const handler = createHandler('aulas', {
  'POST /aulas': endpoint({ body: aulaRequest, handle: async ({ userId, body }) => ok({ data: await createAula(deps, userId, body) }, 201) }),
  'GET /aulas': endpoint({ handle: async ({ userId }) => ok({ data: await listAulas(deps, userId) }) }),
  'DELETE /aulas/{id}': endpoint({
    handle: async ({ userId, params }) => {
      await deleteAula(deps, userId, aulaIdParam(params.id));
      return ok({ message: 'Aula eliminada. Sus miembros conservan sus copias de los cursos.' });
    },
  }),
  'PUT /aulas/{id}/asignaciones': endpoint({
    body: assignmentRequest,
    handle: async ({ userId, params, body }) => ok({ data: await assignCourses(deps, userId, aulaIdParam(params.id), body) }),
  }),
  'GET /aulas/invitacion/{code}': endpoint({ handle: async ({ userId, params }) => ok({ data: await previewInvitation(deps, userId, codeParam(params.code)) }) }),
  'POST /aulas/join': endpoint({ body: joinRequest, handle: async ({ userId, body }) => ok({ data: await joinAula(deps, userId, body.codigo) }, 201) }),
  'DELETE /aulas/{id}/membership': endpoint({
    handle: async ({ userId, params }) => {
      await leaveAula(deps, userId, aulaIdParam(params.id));
      return ok({ message: 'Saliste del aula. Tu profesor ya no ve tu avance; tus copias de los cursos siguen siendo tuyas.' });
    },
  }),
  'POST /aulas/{id}/copias': endpoint({ handle: async ({ userId, params }) => ok({ data: await syncCopies(deps, userId, aulaIdParam(params.id)) }) }),
  'GET /aulas/{id}/grupo': endpoint({ handle: async ({ userId, params }) => ok({ data: await teacherView(deps, userId, aulaIdParam(params.id)) }) }),
  'GET /aulas/{id}/miembros/{userId}': endpoint({
    handle: async ({ userId, params }) => ok({ data: await memberDetail(deps, userId, aulaIdParam(params.id), memberParam(params.userId)) }),
  }),
  'GET /aulas/{id}/lms': endpoint({ handle: async ({ userId, params }) => ok({ data: await lmsView(lms, userId, aulaIdParam(params.id)) }) }),
  'POST /aulas/{id}/lms/reintentar': endpoint({
    body: lmsRetryRequest,
    handle: async ({ userId, params, body }) => ok({ ...(await retryLmsScore(lms, userId, aulaIdParam(params.id), body.nota)) }),
  }),
});
