import * as z from 'zod';
import { narrationVoice } from './narration-voices';

// Narration (issue 26, docs/narration.md): the voices a learner may choose for lessons read aloud
// and a tutor that speaks. Amazon Polly's neural Spanish voices, two per accent; the id is Polly's
// VoiceId, the rest is what the profile page shows.

// The voices have a file of their own (the learner's profile in contract/users.ts names one), re-exported here.
export * from './narration-voices';

// The narration routes' shapes (docs/narration.md). A voice left out is the one in the learner's profile.

/** POST (body) and GET (query) /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration. */
export const narrationRequest = z.object({ voz: narrationVoice.optional() }).strict();
export const narrationQuery = narrationRequest;

export const narrationState = z.enum(['generando', 'lista', 'error']);

/** The month's narration minutes (plans.ts: 30 free, 300 premium). */
export const narrationMinutes = z.object({ usados: z.number(), limite: z.number(), renuevaEl: z.string() });

export const narrationView = z.object({
  estado: narrationState,
  voz: narrationVoice,
  /** The audio's length in minutes, estimated from the text read (900 characters a minute). */
  minutos: z.number(),
  /** Short-lived presigned GETs of the MP3 and of Polly's sentence marks (JSON lines), only when `lista`. */
  audioUrl: z.string().optional(),
  marcasUrl: z.string().optional(),
});
export type NarrationViewBody = z.infer<typeof narrationView>;

/** POST /ai-tutor/context/{id}/voz: a tutor answer of that course's conversation, named by its `fecha`. */
export const spokenAnswerRequest = z
  .object({
    fecha: z.string({ error: 'Indica qué respuesta del tutor quieres escuchar' }).min(1, 'Indica qué respuesta del tutor quieres escuchar').max(40, 'Esa respuesta del tutor no existe'),
    voz: narrationVoice.optional(),
  })
  .strict();
export const spokenAnswer = z.object({ voz: narrationVoice, audioUrl: z.string(), caracteres: z.number(), minutos: z.number() });

/** GET /narration/voices/{voz}/sample: a few seconds of the voice, the same for every learner. */
export const voiceSample = z.object({ voz: narrationVoice, audioUrl: z.string() });
