// The public module of lambdas/grounding (issue 24): retrieval from a learner's materials for the rooms
// that write or answer from them (the pipeline, lesson regeneration, the tutor). Its own room, so the
// course model keeps importing no route group; it enters lambdas/materials through that room's door.
export { DIGEST_CHARS, GROUNDING_PASSAGES, materialGrounding, type Grounding, type GroundingDeps, type MaterialDigest } from './grounding';
