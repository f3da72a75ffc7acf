import * as z from 'zod';
import { evaluationRequest, evaluationSubmission, questionReport, remedialAnswer, remedialOpenAnswer } from '../contract';
import { stepFunctionsClient } from '../shared/step-functions';
import { dynamoModelJobStore, stepFunctionsModelJobs } from '../jobs';
import { structuredModel } from '../shared/ai/bedrock-client';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { clock } from '../shared/clock';
import { createHandler, endpoint, ok } from '../shared/http';
import { courseIdParam, dynamoCourseStore, dynamoGenerationStore, pathIdParam } from '../course-model';
import { tableAllowance } from '../plans';
import { dynamoEvaluationStore } from './evaluation-store';
import { requestEvaluation, submitEvaluation, type EvaluationDeps } from './use-cases';
import { certificatesAfterEvaluation } from '../certificates';
import { dynamoReviewHooks } from '../review';
import { dynamoLearnerModel } from '../learner-model';
import { logger } from '../shared/logger';
import { dynamoLmsGrades, scoreAfterAttempt, stepFunctionsScoreJobs } from '../lms-grades';
import { countMetric } from '../shared/observability';
import { questionsGraded, reportQuestion, type QuestionQualityDeps } from './question-reports';
import { dynamoQuestionStats } from './question-stats-store';
import { dynamoItemStats } from './item-stats-store';
import { answerPractice, openRemedial, startOpenAnswer, type AnswerPracticeDeps, type OpenAnswerDeps, type OpenRemedialDeps } from './remedial';
import { dynamoRemedialStore } from './remedial-store';

const config = readConfig({
  TABLE_NAME: tableName,
  MODEL_JOBS_STATE_MACHINE_ARN: z.string().min(1),
  /** The LMS scores' state machine (docs/lti.md "Grades"): an LMS aula's attempt queues its score there. */
  LMS_SCORES_STATE_MACHINE_ARN: z.string().min(1),
});
const db = documentClient();
// Wrong answers and practice items answered become review cards (lambdas/review, docs/review.md).
const review = dynamoReviewHooks(db, config.TABLE_NAME);
const deps: EvaluationDeps & Parameters<typeof requestEvaluation>[0] = {
  evaluations: dynamoEvaluationStore(db, config.TABLE_NAME),
  store: dynamoCourseStore(db, config.TABLE_NAME),
  gen: dynamoGenerationStore(db, config.TABLE_NAME),
  model: structuredModel(),
  // The injected clock: attempts per day follow it (tests move it instead of waiting a day).
  now: () => clock.now().getTime(),
  variants: tableAllowance(config.TABLE_NAME, 'variantesEvaluacion'),
  // Issue 40: a top-up (or a missing bank) is model work too, paid by its own daily allowance.
  topUps: tableAllowance(config.TABLE_NAME, 'recargasEvaluacion'),
  // A new bank is written by the model-jobs state machine (lambdas/pipeline/model-jobs.ts).
  jobs: { jobs: dynamoModelJobStore(db, config.TABLE_NAME), workflow: stepFunctionsModelJobs(stepFunctionsClient(), config.MODEL_JOBS_STATE_MACHINE_ARN) },
  review,
  // Graded answers update the learner's mastery of each objective (docs/learning.md).
  learner: dynamoLearnerModel(db, config.TABLE_NAME),
};
const lmsScores = { grades: dynamoLmsGrades(db, config.TABLE_NAME), jobs: stepFunctionsScoreJobs(stepFunctionsClient(), config.LMS_SCORES_STATE_MACHINE_ARN), now: clock.now };
deps.lms = { graded: (attempt) => scoreAfterAttempt(lmsScores, attempt) };
// Reports, per-question statistics and withdrawal (issue 20, docs/evaluations.md).
const itemStats = dynamoItemStats(db, config.TABLE_NAME);
const quality: QuestionQualityDeps = {
  evaluations: deps.evaluations,
  stats: dynamoQuestionStats(db, config.TABLE_NAME),
  now: deps.now,
  withdrawn: (n) => countMetric('QuestionsWithdrawn', n),
  // Issue 41 item 3: per item across every bank holding it; an item withdrawn anywhere is not drawn here.
  items: itemStats,
};
deps.items = { items: itemStats, stats: quality.stats, now: deps.now };
// Best effort: the attempt is already recorded, so a lost count must not turn the learner's result into an error.
deps.questions = {
  graded: (userId, e, aprobado, graded) => questionsGraded(quality, userId, e, aprobado, graded).catch((error: unknown) => logger.warn('question statistics not recorded', { error })),
};
// Issue 32 item 4: the Refuerzo guiado after an attempt, written by the model-jobs state machine.
const remedial: OpenRemedialDeps & AnswerPracticeDeps & OpenAnswerDeps = {
  evaluations: deps.evaluations,
  store: deps.store,
  remedials: dynamoRemedialStore(db, config.TABLE_NAME),
  jobs: deps.jobs,
  allowance: tableAllowance(config.TABLE_NAME, 'refuerzos'),
  openAllowance: tableAllowance(config.TABLE_NAME, 'respuestasAbiertas'),
  learner: deps.learner,
  review,
};
const NOT_FOUND = 'No encontramos esa evaluación en tu curso.';

export const handler = createHandler('evaluations', {
  'POST /evaluacion/generate': endpoint({
    body: evaluationRequest,
    handle: async ({ userId, body }) => {
      const answer = await requestEvaluation(deps, userId, body);
      // SPEC: `data` is the evaluation; while a job writes it, `data` says where to follow it.
      return 'data' in answer
        ? ok(answer)
        : ok({ jobId: answer.jobId, data: { jobId: answer.jobId, estado: 'generando' }, message: 'Estamos preparando preguntas nuevas' }, 202);
    },
  }),
  'POST /courses/{id}/modules/{moduleId}/evaluation': endpoint({
    body: evaluationSubmission,
    handle: async ({ userId, params, body }) => {
      const data = await submitEvaluation(deps, userId, courseIdParam(params.id), pathIdParam(params.moduleId, NOT_FOUND), body);
      return ok({ data, ...(await certificatesAfterEvaluation(userId, params.id, data)) });
    },
  }),
  'POST /courses/{id}/modules/{moduleId}/refuerzo': endpoint({
    handle: async ({ userId, params }) => {
      const answer = await openRemedial(remedial, userId, courseIdParam(params.id), pathIdParam(params.moduleId, NOT_FOUND));
      return 'data' in answer ? ok(answer) : ok({ jobId: answer.jobId, message: 'Estamos preparando tu refuerzo guiado' }, 202);
    },
  }),
  'POST /courses/{id}/modules/{moduleId}/refuerzo/respuesta': endpoint({
    body: remedialAnswer,
    handle: async ({ userId, params, body }) => ok({ data: await answerPractice(remedial, userId, courseIdParam(params.id), pathIdParam(params.moduleId, NOT_FOUND), body) }),
  }),
  'POST /courses/{id}/modules/{moduleId}/refuerzo/abierta': endpoint({
    body: remedialOpenAnswer,
    handle: async ({ userId, params, body }) => {
      const { jobId } = await startOpenAnswer(remedial, userId, courseIdParam(params.id), pathIdParam(params.moduleId, NOT_FOUND), body);
      return ok({ jobId, message: 'Estamos corrigiendo tu respuesta' }, 202);
    },
  }),
  'POST /evaluacion/reportar': endpoint({
    body: questionReport,
    handle: async ({ userId, body }) => {
      const data = await reportQuestion(quality, userId, body);
      return ok({ data, message: data.retirada ? 'Gracias. No volverá a aparecer en tus evaluaciones y la revisaremos.' : 'Gracias. Revisaremos la pregunta.' });
    },
  }),
});
