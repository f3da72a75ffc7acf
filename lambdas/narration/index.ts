// The public module of lambdas/narration (issue 26, docs/narration.md): what other rooms may use. Anything not listed here is private to the room.
export { narrationText, spokenInline, announceCode } from './narration-text';
export { speakFormula } from './formula-speech';
export { contentVersion, getNarration, startNarration, LESSON_NOT_FOUND, NOT_NARRATED, type LessonRef, type NarrationDeps, type NarrationJob, type NarrationView, type SpeechTasks } from './use-cases';
export { dynamoNarrationJobs, dynamoNarrationMinutes, dynamoSpeechClaims, NARRATION_KEEP_DAYS } from './narration-store';
export { pollySpeechTasks } from './polly-tasks';
export { pollySpeech, speakAnswer, spokenAnswerText, SPOKEN_ANSWER_MAX, type SpeakDeps, type SpeechPort } from './speak';
export { tableNarrationDeps } from './narration-deps';
export { AUDIO_CACHE_CONTROL, LINK_SECONDS } from './link-window';
export { pollyClient, type PollyFactory } from './polly-client';
export { s3NarrationEraser } from './narration-erase';
export { speakTutorAnswer, voiceSample, sampleSentence, sampleKey, ANSWER_NOT_FOUND, SPEECH_IN_PROGRESS } from './spoken-audio';
