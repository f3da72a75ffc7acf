import * as z from 'zod';

// Narration (issue 26, docs/narration.md): the voices a learner may choose for lessons read aloud
// and a tutor that speaks. Amazon Polly's neural Spanish voices, two per accent; the id is Polly's
// VoiceId, the rest is what the profile page shows.

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
