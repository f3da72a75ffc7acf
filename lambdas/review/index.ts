// The public module of lambdas/review: what other rooms may use. Anything not listed here is private to the room.
export { dynamoReviewHooks, type AnsweredPractice, type ReviewHooks } from './hooks';
export { dynamoCardStore } from './card-store';
export { learnerModelEvidence, noEvidence, type Evidence, type EvidencePort } from './evidence';
export { gradeOpenAnswer, type GradingDeps } from './open-answers';
