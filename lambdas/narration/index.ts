// The public module of lambdas/narration (issue 26, docs/narration.md): what other rooms may use. Anything not listed here is private to the room.
export { narrationText, spokenInline, announceCode } from './narration-text';
export { speakFormula } from './formula-speech';
export { contentVersion, getNarration, startNarration, LESSON_NOT_FOUND, NOT_NARRATED, type NarrationDeps, type NarrationJob, type NarrationView, type SpeechTasks } from './use-cases';
