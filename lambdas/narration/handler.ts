import * as z from 'zod';
import { DEFAULT_NARRATION_VOICE, narrationQuery, narrationRequest, narrationVoice, spokenAnswerRequest, type NarrationVoiceId } from '../contract';
import { courseIdParam, pathIdParam } from '../course-model';
import { dynamoConversations } from '../tutor';
import { dynamoUserStore } from '../user-profile';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { badRequest } from '../shared/errors';
import { createHandler, endpoint, ok, validationMessage } from '../shared/http';
import { s3AudioObjects } from './audio-objects';
import { tableNarrationDeps } from './narration-deps';
import { pollySpeech } from './speak';
import { speakTutorAnswer, voiceSample } from './spoken-audio';
import { getNarration, LESSON_NOT_FOUND, startNarration, type LessonRef } from './use-cases';

// Lessons read aloud, a tutor answer read aloud and the voices' samples (issue 26, docs/narration.md).
const config = readConfig({ TABLE_NAME: tableName, MATERIALS_BUCKET: z.string().min(1) });
const deps = tableNarrationDeps(config.TABLE_NAME, config.MATERIALS_BUCKET);
const users = dynamoUserStore(documentClient(), config.TABLE_NAME);
const conversations = dynamoConversations(documentClient(), config.TABLE_NAME);
const objects = s3AudioObjects(config.MATERIALS_BUCKET);
const speech = pollySpeech();
const tutorVoice = {
  ...deps,
  speech,
  objects,
  async tutorAnswer(userId: string, courseId: string, fecha: string) {
    const { turnos } = await conversations.conversation(userId, courseId);
    return turnos.find((t) => t.rol === 'tutor' && t.fecha === fecha)?.texto;
  },
};

/** The voice asked for, else the one in the learner's profile, else the default. */
const voiceOf = async (userId: string, asked: NarrationVoiceId | undefined): Promise<NarrationVoiceId> =>
  asked ?? (await users.get(userId))?.voz ?? DEFAULT_NARRATION_VOICE;

const lessonRef = (params: Record<string, string>): LessonRef => ({
  courseId: courseIdParam(params.id),
  moduleId: pathIdParam(params.moduleId, LESSON_NOT_FOUND),
  lessonId: pathIdParam(params.lessonId, LESSON_NOT_FOUND),
});

export const handler = createHandler('narration', {
  // 202 while Polly works (the page asks GET until `lista`), 200 when the audio is there (or failed: `error`).
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': endpoint({
    body: narrationRequest,
    handle: async ({ userId, params, body }) => {
      const data = await startNarration(deps, userId, lessonRef(params), await voiceOf(userId, body.voz));
      return ok({ data }, data.estado === 'generando' ? 202 : 200);
    },
  }),
  'GET /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': endpoint({
    query: narrationQuery,
    handle: async ({ userId, params, query }) => {
      const ref = lessonRef(params);
      return ok({ data: await getNarration(deps, userId, ref, await voiceOf(userId, query.voz as NarrationVoiceId | undefined)) });
    },
  }),
  'POST /ai-tutor/context/{id}/voz': endpoint({
    body: spokenAnswerRequest,
    handle: async ({ userId, params, body }) => {
      const courseId = courseIdParam(params.id);
      return ok({ data: await speakTutorAnswer(tutorVoice, userId, courseId, body.fecha, await voiceOf(userId, body.voz)) });
    },
  }),
  'GET /narration/voices/{voz}/sample': endpoint({
    handle: async ({ params }) => {
      const voice = narrationVoice.safeParse(params.voz);
      if (!voice.success) throw badRequest(validationMessage(voice.error));
      return ok({ data: await voiceSample({ speech, objects, claims: deps.claims }, voice.data) });
    },
  }),
});
