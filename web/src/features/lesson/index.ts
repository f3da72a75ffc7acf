// The public module of web/src/features/lesson: a lesson's text as a learner reads it (its folded answers,
// its cited sources), shown by the course page and by a shared course's page alike; its diagrams, drawn
// in the tutor's answers too (issue 43). A room below all three.
export { LessonContent, LessonDiagram } from './lesson-content';
