// The public module of lambdas/tutor: what other rooms may use. Anything not listed here is private to the room.
export { type TutorStore } from './tutor-store';
// The conversation read, for lambdas/narration: a tutor answer read aloud is found by its turn's fecha (docs/tutor.md Items).
export { dynamoConversations } from './conversation-store';
