// The public module of lambdas/lms-grades (issue 45 item 4, docs/lti.md "Grades"): the scores an LMS course's
// aula sends back to the LMS, below the rooms that use it: evaluations queues them, lti binds the links and
// posts them (its job), aulas shows them to the teacher and retries them.
export { dynamoLmsGrades, executionName, STUCK_AFTER_MS, STUCK_REASON, stuck, type LmsGrades, type LmsLink, type LmsScore, type ScoreState } from './grade-items';
export { dynamoGradeErasure, gradedAulas, type GradeErasure } from './grade-erasure';
export { scoreAfterAttempt, type AfterAttemptDeps, type GradedAttempt } from './after-attempt';
export { stepFunctionsScoreJobs, type ScoreJobs } from './score-jobs';
