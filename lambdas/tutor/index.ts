// The public module of lambdas/tutor: what other rooms may use. Anything not listed here is private to the room.
export { type TutorStore } from './tutor-store';
