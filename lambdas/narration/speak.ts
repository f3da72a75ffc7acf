import { AppError } from '../shared/errors';
import { narrationText } from './narration-text';
import { pollyClient, pollySdk, type PollyFactory } from './polly-client';
import { reserveMinutes, type NarrationDeps } from './use-cases';

// A tutor answer read aloud (issue 26): short text, so Polly's synchronous SynthesizeSpeech (at most
// 3,000 characters a call) in the learner's voice, metered like a lesson: its cost held of the month's AI
// budget and its minutes reserved, each by one conditional write, before Polly hears anything (both given
// back if it fails), the cost drawn from the hold once it spoke.
// The answer's Markdown is read as a lesson's is; spoken-audio.ts keeps the MP3 and claims it first.

/** Polly's synchronous limit, in billed characters. */
export const SPOKEN_ANSWER_MAX = 3000;

export interface SpeechPort {
  /** MP3 of `text` in `voice` (neural). */
  synthesize(input: { text: string; voice: string }): Promise<Uint8Array>;
}

export type SpeakDeps = Pick<NarrationDeps, 'allowance' | 'minutesOf'> & { speech: SpeechPort };

/** The text to say: whole sentences only, up to Polly's synchronous limit. */
export function spokenAnswerText(markdown: string): string {
  const lines = narrationText(markdown).split('\n');
  let text = '';
  for (const line of lines) {
    const next = text ? `${text}\n${line}` : line;
    if (next.length > SPOKEN_ANSWER_MAX) break;
    text = next;
  }
  return text || lines[0]?.slice(0, SPOKEN_ANSWER_MAX) || '';
}

export async function speakAnswer(deps: SpeakDeps, userId: string, markdown: string, voice: string): Promise<{ audio: Uint8Array; caracteres: number }> {
  const text = spokenAnswerText(markdown);
  if (!text) throw new AppError(400, 'No hay nada que leer en esta respuesta.', 'BadRequest');
  const minutes = await reserveMinutes(deps, userId, text.length);
  const audio = await deps.speech.synthesize({ text, voice }).catch(async (error: unknown) => {
    await minutes.release().catch(() => undefined);
    throw error;
  });
  await minutes.charge();
  return { audio, caracteres: text.length };
}

/** The SpeechPort on Polly. */
export const pollySpeech = (polly: PollyFactory = pollyClient): SpeechPort => ({
  async synthesize({ text, voice }) {
    const [{ SynthesizeSpeechCommand }, client] = await Promise.all([pollySdk(), polly()]);
    const out = await client.send(new SynthesizeSpeechCommand({ Engine: 'neural', VoiceId: voice as never, Text: text, TextType: 'text', OutputFormat: 'mp3' }));
    return out.AudioStream!.transformToByteArray();
  },
});
