// The public module of lambdas/learner-model (issues 32 and 41, docs/learning.md): what other rooms may use.
// Record evidence with `recordEvidence(userId, courseId, [{ objectiveKey: 'm01.o2', correct, source, itemId?, dificultad? }])`
// and read estimates with `readMastery(userId, courseId)`; `dynamoLearnerModel(db, TABLE_NAME)` builds it.
export { BKT_DEFAULTS, EVIDENCE_SOURCES, MASTERY, REPEAT_GUESS, observe, paramsFor, pRight, updateMastery, uncertainty, type BktParams, type EvidenceSource, type MasteryLevel } from './bkt';
export { DESIRED_RETENTION, MASTERY_DAYS, WEAK, levelAt, pNow, retention, stability } from './decay';
export { LOG_KEPT, MAX_EVIDENCE, applyEvidence, dynamoLearnerModel, knownAfter, learnerModel, predictRight, prior, type Evidence, type Known, type LearnerModel, type ModelOptions, type ObjectiveMastery } from './learner-model';
export { MASTERY_PREFIX, dynamoMasteryStore, masteryKey, memoryMasteryStore, type LoggedAnswer, type MasteryItem, type MasteryStore } from './mastery-store';
export { masteryMap, nextStepAcross, type MappedCourse } from './mastery-map';
export { NEXT_STEP_COURSES, dynamoMasteryReads, type MasteryReads } from './mastery-reads';
