// The public module of lambdas/lessons: what other rooms may use. Anything not listed here is private to the room.
export { generateLesson, type LessonDeps } from './use-cases';
