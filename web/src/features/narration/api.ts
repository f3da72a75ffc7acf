import type { NarrationVoiceId } from '../../../../lambdas/contract/narration';
import { call } from '../../lib/api';

/** The lesson a narration belongs to. */
export interface LessonKey {
  courseId: string;
  moduleId: string;
  lessonId: string;
}

const params = (l: LessonKey) => ({ id: l.courseId, moduleId: l.moduleId, lessonId: l.lessonId });

// Quiet calls: the player shows its own state ("Preparando el audio…"), never the page's loading overlay.
export const narrationApi = {
  /** Starts the lesson's audio in this voice, or answers the job that exists (free). */
  start: (lesson: LessonKey, voz: NarrationVoiceId) =>
    call('POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration', { params: params(lesson), body: { voz } }, { silent: true }).then((r) => r.data),
  /** The job as it stands; when `lista`, fresh five-minute links to the audio and its marks. */
  read: (lesson: LessonKey, voz: NarrationVoiceId) =>
    call('GET /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration', { params: params(lesson), query: { voz } }, { silent: true }).then((r) => r.data),
  /** A few seconds of a voice, for the profile's picker. */
  sample: (voz: NarrationVoiceId) => call('GET /narration/voices/{voz}/sample', { params: { voz } }, { silent: true }).then((r) => r.data),
};

export const narrationKeys = {
  all: ['narracion'] as const,
  lesson: (l: LessonKey, voz: NarrationVoiceId) => [...narrationKeys.all, l.courseId, l.moduleId, l.lessonId, voz] as const,
  /** The marks of one recording: read once, whatever fresh link the audio was given since. */
  marks: (l: LessonKey, voz: NarrationVoiceId) => [...narrationKeys.lesson(l, voz), 'marcas'] as const,
};
