// A narrow port to the learner model (issue 32 item 3, lambdas/learner-model, helper "learning"):
// "this learner showed this much of this objective". Practice and review tell it what they see;
// until the learner model is wired in, the no-op below stands in and nothing else changes.

export type EvidenceSource = 'abierta' | 'practica' | 'repaso';

export interface Evidence {
  /** The objective's course-wide key, `m01.o2` (lambdas/contract/objectives.ts objectiveKey). */
  objetivo: string;
  /** 1 right, 0 wrong, 0.5 partly right (an open answer's "parcial"). */
  acierto: number;
  fuente: EvidenceSource;
}

export interface EvidencePort {
  record(userId: string, courseId: string, evidence: Evidence[]): Promise<void>;
}

export const noEvidence: EvidencePort = { record: () => Promise.resolve() };
