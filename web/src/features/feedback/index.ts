// The public module of web/src/features/feedback: what other rooms may use. Anything not listed here is private to the room.
export { FeedbackButtons } from './feedback-buttons';
