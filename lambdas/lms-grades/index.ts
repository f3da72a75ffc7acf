// The public module of lambdas/lms-grades (issue 45 items 4-5, docs/lti.md "Grades" and "Roster"): the scores an
// LMS course's aula sends back to the LMS and the course's roster, below the rooms that use them: evaluations
// queues scores, lti binds the links and posts them (its job) and imports the roster, aulas shows both to the teacher.
export { dynamoLmsGrades, executionName, STUCK_AFTER_MS, STUCK_REASON, stuck, type LineItemSpec, type LmsGrades, type LmsLink, type LmsScore, type ScoreState } from './grade-items';
export { dynamoGradeErasure, gradedAulas, type GradeErasure } from './grade-erasure';
export { memberHash, ROSTER_TTL_S, type Roster, type RosterMember, type RosterRole, type RosterSource } from './roster-items';
export { rosterView } from './roster-view';
export { scoreAfterAttempt, type AfterAttemptDeps, type GradedAttempt } from './after-attempt';
export { stepFunctionsScoreJobs, type ScoreJobs } from './score-jobs';
