// The public module of web/src/features/narration (issue 26, docs/narration.md): lessons read aloud.
// The lesson view loads the player lazily, when the learner asks to listen; the profile uses the api for voice samples.
export { narrationApi, narrationKeys, type LessonKey } from './api';
export { NarrationPlayer, type NarrationPlayerProps } from './narration-player';
