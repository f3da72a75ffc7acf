// The public module of lambdas/pipeline: nothing. The pipeline is entered by Step Functions (its tasks
// and handlers, named in infra/); no other room imports it.
export {};
