// The public module of lambdas/review: what other rooms may use. Anything not listed here is private to the room.
export { dynamoReviewHooks, type ReviewHooks } from './hooks';
