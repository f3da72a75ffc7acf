// The public module of web/src/features/course: what other rooms may use. Anything not listed here is private to the room.
// What rooms below the course page need of a course (its links, polling, cache keys, the demo badge, a lesson's
// text) lives on the floors (web/src/lib, web/src/components) and in web/src/features/lesson, not here.
export { coursesApi, loadCourseSchemas } from './api';
export { StateBadge } from './course-badges';
export { GenerationProgress } from './generation-progress';
export { followJob } from './job-result';
export { masteryApi, nextStepLink } from './mastery-api';
export { FadedBadge } from './faded-badge';
export { outlineReady, useJob } from './use-job';
