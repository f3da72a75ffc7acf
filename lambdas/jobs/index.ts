// The public module of lambdas/jobs: what other rooms may use. Anything not listed here is private to the room.
export { dynamoModelJobStore, type ModelJobStore } from './model-job-store';
export { allowanceOf, startModelJob, stepFunctionsModelJobs, type ModelJobDeps, type ModelJobInput } from './model-jobs';
