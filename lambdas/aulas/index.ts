// The public module of lambdas/aulas (issue 25, docs/aulas.md): what other rooms may use. Anything not listed here is private to the room.
// Account deletion erases what a learner left in aulas, which lives outside their partition.
export { forgetLearner } from './forget-learner';
// Sharing refuses a member's copy the aula does not let them publish; copies leave out deleted materials' quotes.
export { aulaAllowsSharing, liveMaterialIds } from './copy-rules';
// An LTI launch lands its teacher in the aula of the LMS course, and its learners in it (docs/lti.md).
export { LMS_MAX_MIEMBROS, lmsAulaId, type LearnerLanding, type LmsCourse, type TeacherLanding } from './lms-aulas';
export { dynamoLmsAulas, type LmsAulas } from './lms-door';
// Deep Linking: what the teacher may link from the LMS, and the outcome of linking it (docs/lti.md).
export { LMS_MAX_CURSOS, type LmsLinkable, type LmsLinkOutcome, type LmsPick } from './lms-links';
// The roster's import (lti room) answers another teacher's aula as the aulas room does.
export { AULA_NOT_FOUND } from './messages';
export { aulaIdParam } from './teaching';
