import type { NarrationVoiceId } from '../../../../lambdas/contract/narration';
import type { LessonKey } from './api';

// Where the learner left a lesson's audio, per lesson and voice (another voice is another recording
// with other timings), in this browser's localStorage. A position in the last seconds is the end of
// the audio: the next play starts from the beginning.

const PREFIX = 'mentora.narracion:';
export const positionKey = (lesson: LessonKey, voz: NarrationVoiceId) => `${PREFIX}${lesson.courseId}/${lesson.moduleId}/${lesson.lessonId}/${voz}`;

export function savedPosition(key: string): number {
  try {
    const seconds = Number(localStorage.getItem(key));
    return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  } catch {
    return 0;
  }
}

export function savePosition(key: string, seconds: number, duration: number): void {
  try {
    if (Number.isFinite(duration) && duration > 0 && seconds >= duration - 2) localStorage.removeItem(key);
    else if (seconds > 0) localStorage.setItem(key, seconds.toFixed(1));
  } catch {
    // Private mode or a full store: the audio plays, it just starts over next time.
  }
}
