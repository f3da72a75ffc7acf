import type { LearnerModel } from '../learner-model';

// A narrow port to the learner model (issue 32 item 3, lambdas/learner-model): "this learner showed
// this much of this objective". Practice and review tell it what they see; `learnerModelEvidence`
// writes it to the model (Bayesian Knowledge Tracing, docs/learning.md); `noEvidence` for tests.

export type EvidenceSource = 'abierta' | 'practica' | 'repaso';

export interface Evidence {
  /** The objective's course-wide key, `m01.o2` (lambdas/contract/objectives.ts objectiveKey). */
  objetivo: string;
  /** 1 right, 0 wrong, 0.5 partly right (an open answer's "parcial"). */
  acierto: number;
  fuente: EvidenceSource;
  /** The question answered, its card's `claveOrigen` (`<courseId>.<moduleId>.…`): the learner model counts an item once a day. */
  item?: string;
}

export interface EvidencePort {
  record(userId: string, courseId: string, evidence: Evidence[]): Promise<void>;
}

export const noEvidence: EvidencePort = { record: () => Promise.resolve() };

/** An item's id within its course's MASTERY# item: the `claveOrigen` without the course id (`m01.q7`, as an evaluation answer names it). */
export const itemInCourse = (courseId: string, claveOrigen: string) => (claveOrigen.startsWith(`${courseId}.`) ? claveOrigen.slice(courseId.length + 1) : claveOrigen);

/**
 * The learner model's evidence is right or wrong (BKT observes a binary answer): an open answer's
 * "parcial" (0.5) counts as not shown yet, so mastery needs a whole answer.
 */
export const learnerModelEvidence = (model: Pick<LearnerModel, 'recordEvidence'>): EvidencePort => ({
  record: async (userId, courseId, evidence) => {
    await model.recordEvidence(userId, courseId, evidence.map((e) => ({ objectiveKey: e.objetivo, correct: e.acierto >= 1, source: e.fuente, ...(e.item && { itemId: itemInCourse(courseId, e.item) }) })));
  },
});
