// The public module of lambdas/feedback: what other rooms may use. Anything not listed here is private to the room.
export { dynamoFeedbackStore } from './feedback-store';
export { recordFeedback } from './use-cases';
