import * as z from 'zod';

// The narration voices (issue 26, docs/narration.md), apart from narration.ts's route shapes: the
// learner's profile (contract/users.ts) names a voice, and a bundle builds a schema file whole when it
// uses anything of it, so the users and auth Lambdas built every narration shape at their cold start.
// narration.ts re-exports this file (`export *`).

export const NARRATION_VOICES = [
  { id: 'Lucia', nombre: 'Lucía', acento: 'España', genero: 'femenina', idioma: 'es-ES' },
  { id: 'Sergio', nombre: 'Sergio', acento: 'España', genero: 'masculina', idioma: 'es-ES' },
  { id: 'Mia', nombre: 'Mía', acento: 'México', genero: 'femenina', idioma: 'es-MX' },
  { id: 'Andres', nombre: 'Andrés', acento: 'México', genero: 'masculina', idioma: 'es-MX' },
  { id: 'Lupe', nombre: 'Lupe', acento: 'Estados Unidos', genero: 'femenina', idioma: 'es-US' },
  { id: 'Pedro', nombre: 'Pedro', acento: 'Estados Unidos', genero: 'masculina', idioma: 'es-US' },
] as const;

export type NarrationVoiceId = (typeof NARRATION_VOICES)[number]['id'];
export const NARRATION_VOICE_IDS = NARRATION_VOICES.map((v) => v.id) as [NarrationVoiceId, ...NarrationVoiceId[]];
/** The voice of a learner who has not chosen one. */
export const DEFAULT_NARRATION_VOICE: NarrationVoiceId = 'Lucia';

export const narrationVoice = z.enum(NARRATION_VOICE_IDS, {
  error: `Esa voz no existe: elige ${NARRATION_VOICES.map((v) => v.nombre).join(', ')}`,
});
