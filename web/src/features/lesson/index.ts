// The public module of web/src/features/lesson: a lesson's text as a learner reads it (its folded answers,
// its cited sources), shown by the course page and by a shared course's page alike. A room below both.
export { LessonContent } from './lesson-content';
