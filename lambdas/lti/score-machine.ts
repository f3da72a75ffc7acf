import definition from './lms-scores.asl.json';

// The lms-scores ASL, used by the CDK stack (infra/aws/lms-scores.ts) and the local runner.

/** Every Task state runs the one score-job function (lambdas/lti/score-job-handler.ts). */
export const LMS_SCORE_ARN_PLACEHOLDER = 'LmsScoreFunctionArn';
export const LMS_SCORE_STATES = ['PostScore', 'MarkScoreFailed'] as const;
export const lmsScoresAsl = definition;
