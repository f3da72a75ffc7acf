// The public module of lambdas/courses: what other rooms may use. Anything not listed here is private to the room.
export { tableAdmission } from './admission';
export { startCourseGeneration, suggestCourses, type PlanDeps, type SuggestionDeps } from './use-cases';
