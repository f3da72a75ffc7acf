// The public module of lambdas/learner-model (issue 32, docs/learning.md): what other rooms may use.
// Record evidence with `recordEvidence(userId, courseId, [{ objectiveKey: 'm01.o2', correct, source }])`
// and read estimates with `readMastery(userId, courseId)`; `dynamoLearnerModel(db, TABLE_NAME)` builds it.
export { BKT_DEFAULTS, EVIDENCE_SOURCES, MASTERY, levelOf, observe, updateMastery, uncertainty, type BktParams, type EvidenceSource, type MasteryLevel } from './bkt';
export { MAX_EVIDENCE, applyEvidence, dynamoLearnerModel, learnerModel, prior, type Evidence, type LearnerModel, type ObjectiveMastery } from './learner-model';
export { MASTERY_PREFIX, dynamoMasteryStore, masteryKey, memoryMasteryStore, type MasteryItem, type MasteryStore } from './mastery-store';
export { masteryMap, nextStepAcross, type MappedCourse } from './mastery-map';
export { NEXT_STEP_COURSES, dynamoMasteryReads, type MasteryReads } from './mastery-reads';
