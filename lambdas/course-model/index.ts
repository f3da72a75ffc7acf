// The public module of lambdas/course-model: what other rooms may use. Anything not listed here is private to the room.
export { courseCostUsd } from './course-cost';
export { citedMaterialIds, courseCopyWrites, writtenLessons, type CopyTarget } from './course-copy';
export { COURSE_NOT_FOUND, courseIdParam, pathIdParam } from './course-id';
export { currentVariant, type CourseItem, type BankOrigin, type EvaluationItem, type EvaluationVariant, type JobItem, type LessonItem, type OutlineModule } from './course-items';
export { courseKey, courseSk, evaluationKey, evaluationSk, jobKey, lessonIdAt, lessonKey, moduleIdAt, parseCourseSk } from './course-keys';
export { dynamoCourseStore, type CourseItems, type CourseStore } from './course-store';
export { percent, progressFromCounters, toDetail, toProgress, toSummary } from './course-view';
export { DIPLOMADO_PREFIX, type DiplomadoCourseSlot, type DiplomadoItem } from './diplomado-items';
export { atOnceMessage, dynamoGeneratingCourses, type GeneratingCourses } from './generating-courses';
export { RunSuperseded, dynamoGenerationStore, type GenerationStore, type Spend } from './generation-store';
export { applyOutlineEdit, trimOutline } from './outline-edit';
export { consistentObjectives, lessonObjectives, moduleObjectives, questionObjective } from './module-objectives';
export { dynamoOutlineReviewStore, type OutlineReviewStore } from './outline-review-store';
export { lessonProgress } from './lesson-progress';
export { type CourseWorkflow, type GenerationInput, type QuotaPort } from './ports';
export { dynamoRunningJobs, type RunningJobs } from './running-jobs';
export { dynamoSuggestionCache, suggestionKey, type SuggestionCache } from './suggestion-cache';
export { stepFunctionsWorkflow } from './workflow';
