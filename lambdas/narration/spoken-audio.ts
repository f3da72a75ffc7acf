import { NARRATION_VOICES, type NarrationVoiceId } from '../contract';
import { notFound } from '../shared/errors';
import { cachedAudio, type AudioObjects } from './audio-objects';
import { speakAnswer, spokenAnswerText, type SpeakDeps, type SpeechPort } from './speak';
import { contentVersion } from './use-cases';

// The two short audios kept whole in the bucket (docs/narration.md): a tutor answer read aloud and a
// voice's sample. Both are made once and then only linked, so a second play synthesizes nothing.

export const ANSWER_NOT_FOUND = 'No encontramos esa respuesta del tutor en tu conversación.';

export interface TutorVoiceDeps extends SpeakDeps {
  /** The Markdown of the tutor's turn of the caller's own conversation for the course with that `fecha`. */
  tutorAnswer(userId: string, courseId: string, fecha: string): Promise<string | undefined>;
  objects: AudioObjects;
}

/**
 * POST /ai-tutor/context/{id}/voz: the tutor answer named by its `fecha`, read in `voice`. Only text
 * the tutor wrote in this learner's conversation is ever spoken (never text the client sends); the
 * MP3 is keyed by a hash of what is read, so a replay is a link and costs nothing.
 */
export async function speakTutorAnswer(deps: TutorVoiceDeps, userId: string, courseId: string, fecha: string, voice: NarrationVoiceId) {
  const markdown = await deps.tutorAnswer(userId, courseId, fecha);
  if (markdown === undefined) throw notFound(ANSWER_NOT_FOUND);
  const text = spokenAnswerText(markdown);
  const key = `narration/${userId}/tutor/${courseId}/${contentVersion(text)}/${voice}.mp3`;
  // speakAnswer refuses an empty text (400) and exhausted minutes (429) before Polly hears anything.
  const { audioUrl } = await cachedAudio(deps.objects, key, async () => (await speakAnswer(deps, userId, markdown, voice)).audio);
  return { voz: voice, audioUrl, caracteres: text.length, minutos: deps.minutesOf(text.length) };
}

/** What a voice says of itself on the profile page. */
export const sampleSentence = (voice: NarrationVoiceId) =>
  `Hola, soy ${NARRATION_VOICES.find((v) => v.id === voice)!.nombre}. Así sonarán tus lecciones cuando las escuches.`;

export const sampleKey = (voice: NarrationVoiceId) => `narration/samples/${voice}.mp3`;

/**
 * GET /narration/voices/{voz}/sample: the same few seconds for every learner, synthesized the first
 * time anyone asks (and again after the bucket's expiry) and not metered to the learner: it is the
 * product's cost, about 70 characters a voice.
 */
export async function voiceSample(deps: { speech: SpeechPort; objects: AudioObjects }, voice: NarrationVoiceId) {
  const { audioUrl } = await cachedAudio(deps.objects, sampleKey(voice), () => deps.speech.synthesize({ text: sampleSentence(voice), voice }));
  return { voz: voice, audioUrl };
}
