import definition from './model-jobs.asl.json';

// The model-jobs ASL, used by the CDK stack (infra/aws/model-jobs.ts) and the local runner.

/** Every Task state runs the one model-job function (lambdas/pipeline/entries/model-job.ts). */
export const MODEL_JOB_ARN_PLACEHOLDER = 'ModelJobFunctionArn';
/** Its Task states, by name (the local runner's task overrides are keyed by state name). */
export const MODEL_JOB_STATES = ['Leccion', 'Evaluacion', 'Sugerencias', 'Diplomado', 'Respuesta', 'Refuerzo', 'MarkJobFailed'] as const;

export const modelJobsAsl = definition;
