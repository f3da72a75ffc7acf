// The public module of web/src/features/course: what other rooms may use. Anything not listed here is private to the room.
export { coursesApi, loadCourseSchemas } from './api';
export { DemoBadge, StateBadge } from './course-badges';
export { GenerationProgress } from './generation-progress';
export { LessonContent } from './lesson-content';
export { followJob } from './job-result';
export { lessonHref } from './links';
export { masteryApi, nextStepLink } from './mastery-api';
export { nextPollMs, polling } from './polling';
export { outlineReady, useJob } from './use-job';
export { courseKeys, coursesChanged } from './query-keys';
