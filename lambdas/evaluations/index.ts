// The public module of lambdas/evaluations: what other rooms may use. Anything not listed here is private to the room.
export { dynamoEvaluationStore } from './evaluation-store';
export { writeModuleBank } from './module-bank';
export { getOrGenerateEvaluation, type EvaluationDeps } from './use-cases';
export { writeRemedial, type WriteRemedialDeps } from './remedial';
export { dynamoRemedialStore } from './remedial-store';
