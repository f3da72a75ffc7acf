import { VoiceId } from '@aws-sdk/client-polly';

// The voices the local Polly answers for: Amazon Polly's Spanish voices (es-ES, es-MX, es-US), each
// with the engines Polly offers it, and the espeak-ng voice that stands in for it (Spain's `es` for
// es-ES, Latin America's `es-419` for es-MX and es-US; espeak-ng's +f3/+m3 variants for the gender).
// Polly's other voices exist (the SDK's VoiceId) but speak other languages, which espeak-ng could
// only imitate badly: the stand-in names them in its refusal rather than pretend.

export type PollyEngine = 'standard' | 'neural' | 'long-form' | 'generative';

export interface SpanishVoice {
  id: string;
  languageCode: 'es-ES' | 'es-MX' | 'es-US';
  gender: 'Female' | 'Male';
  engines: readonly PollyEngine[];
  /** espeak-ng's `-v` argument. */
  espeak: string;
}

const voice = (id: string, languageCode: SpanishVoice['languageCode'], gender: SpanishVoice['gender'], engines: PollyEngine[]): SpanishVoice => ({
  id, languageCode, gender, engines,
  espeak: `${languageCode === 'es-ES' ? 'es' : 'es-419'}+${gender === 'Female' ? 'f3' : 'm3'}`,
});

/** Polly's Spanish voices and their engines (Polly's voice list: the neural ones are Lucia, Sergio, Mia, Andres, Lupe, Pedro). */
export const SPANISH_VOICES: readonly SpanishVoice[] = [
  voice('Lucia', 'es-ES', 'Female', ['standard', 'neural']),
  voice('Sergio', 'es-ES', 'Male', ['neural']),
  voice('Conchita', 'es-ES', 'Female', ['standard']),
  voice('Enrique', 'es-ES', 'Male', ['standard']),
  voice('Mia', 'es-MX', 'Female', ['standard', 'neural']),
  voice('Andres', 'es-MX', 'Male', ['neural']),
  voice('Lupe', 'es-US', 'Female', ['standard', 'neural']),
  voice('Pedro', 'es-US', 'Male', ['neural']),
  voice('Penelope', 'es-US', 'Female', ['standard']),
  voice('Miguel', 'es-US', 'Male', ['standard']),
];

export type VoiceProblem = { error: 'ValidationException' | 'EngineNotSupportedException' | 'LanguageNotSupportedException'; message: string };

/** The voice for a request, or the error Polly answers (an unknown id fails validation; a wrong engine is its own error). */
export function voiceFor(voiceId: unknown, engine: unknown, languageCode: unknown): SpanishVoice | VoiceProblem {
  const known = Object.values(VoiceId) as string[];
  if (typeof voiceId !== 'string' || !known.includes(voiceId)) {
    return { error: 'ValidationException', message: `1 validation error detected: Value '${String(voiceId)}' at 'voiceId' failed to satisfy constraint: Member must satisfy enum value set` };
  }
  const spanish = SPANISH_VOICES.find((v) => v.id === voiceId);
  if (!spanish) return { error: 'ValidationException', message: `The local Polly speaks only Polly's Spanish voices (${SPANISH_VOICES.map((v) => v.id).join(', ')}), not ${voiceId}.` };
  const asked = (engine ?? 'standard') as PollyEngine;
  if (!spanish.engines.includes(asked)) return { error: 'EngineNotSupportedException', message: `This voice does not support the selected engine: ${String(engine)}` };
  if (languageCode !== undefined && languageCode !== spanish.languageCode) return { error: 'LanguageNotSupportedException', message: `The voice ${voiceId} does not speak ${JSON.stringify(languageCode)}` };
  return spanish;
}

export const isVoiceProblem = (v: SpanishVoice | VoiceProblem): v is VoiceProblem => 'error' in v;
