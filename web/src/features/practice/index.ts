// The public module of web/src/features/practice: what other rooms may use. Anything not listed here is private to the room.
export { OpenAnswer } from './open-answer';
export { SelfCheck } from './self-check';
