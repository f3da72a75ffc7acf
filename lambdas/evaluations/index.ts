// The public module of lambdas/evaluations: what other rooms may use. Anything not listed here is private to the room.
export { dynamoEvaluationStore } from './evaluation-store';
export { writeModuleBank } from './module-bank';
export { getOrGenerateEvaluation, type EvaluationDeps } from './use-cases';
export { writeRemedial, type WriteRemedialDeps } from './remedial';
export { dynamoRemedialStore } from './remedial-store';
// Issue 41 item 3: an item's difficulty once enough learners answered it, for the learner model.
export { itemDifficulty, type ItemDifficulty } from './item-withdrawal';
export { dynamoItemStats } from './item-stats-store';
export { itemKey, MIN_ANSWERS_FOR_DIFFICULTY, WITHDRAWAL_TEXT } from './item-quality';
