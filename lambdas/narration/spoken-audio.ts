import { randomUUID } from 'node:crypto';
import { NARRATION_VOICES, type NarrationVoiceId } from '../contract';
import { clock } from '../shared/clock';
import { AppError, notFound } from '../shared/errors';
import type { AudioObjects } from './audio-objects';
import { speakAnswer, spokenAnswerText, type SpeakDeps, type SpeechPort } from './speak';
import { CLAIM_STALE_MS, contentVersion } from './use-cases';

// The two short audios kept whole in the bucket (docs/narration.md): a tutor answer read aloud and a
// voice's sample. Both are claimed before Polly hears anything, made once and then only linked, so a
// second play (or a simultaneous one) synthesizes nothing.

export const ANSWER_NOT_FOUND = 'No encontramos esa respuesta del tutor en tu conversación.';

/** What a short audio made once needs: the bucket, its claims, and how a twin waits. */
export interface ClaimedAudioDeps {
  objects: AudioObjects;
  /** One synthesis per audio (narration-store.ts dynamoSpeechClaims): `owner` is the learner, '' for a sample. */
  claims: {
    claim(userId: string, name: string, claim: string, staleBefore: string): Promise<boolean>;
    release(userId: string, name: string, claim: string): Promise<void>;
  };
  now?: () => Date;
  /** How a twin that lost the claim waits for the winner's MP3: a look every `everyMs`, at most `looks` (within the function's 10 s). */
  wait?: { everyMs: number; looks: number };
}

export interface TutorVoiceDeps extends SpeakDeps, ClaimedAudioDeps {
  /** The Markdown of the tutor's turn of the caller's own conversation for the course with that `fecha`. */
  tutorAnswer(userId: string, courseId: string, fecha: string): Promise<string | undefined>;
}

export const SPEECH_IN_PROGRESS = 'Todavía estamos preparando este audio. Vuelve a intentarlo en unos segundos.';
const WAIT = { everyMs: 300, looks: 20 };

/**
 * POST /ai-tutor/context/{id}/voz: the tutor answer named by its `fecha`, read in `voice`. Only text
 * the tutor wrote in this learner's conversation is ever spoken (never text the client sends); the
 * MP3 is keyed by a hash of what is read, so a replay is a link and costs nothing. The first play
 * claims the answer (a conditional write) before Polly hears anything: simultaneous first plays make
 * one synthesis and one charge, the others wait for its MP3 (409 in Spanish if it takes too long).
 */
export async function speakTutorAnswer(deps: TutorVoiceDeps, userId: string, courseId: string, fecha: string, voice: NarrationVoiceId) {
  const markdown = await deps.tutorAnswer(userId, courseId, fecha);
  if (markdown === undefined) throw notFound(ANSWER_NOT_FOUND);
  const text = spokenAnswerText(markdown);
  const version = contentVersion(text);
  const key = `narration/${userId}/tutor/${courseId}/${version}/${voice}.mp3`;
  // speakAnswer refuses an empty text (400) and exhausted minutes (429) before Polly hears anything.
  const audioUrl = await claimedAudio(deps, userId, `${courseId}#${version}#${voice}`, key, async () => (await speakAnswer(deps, userId, markdown, voice)).audio);
  return { voz: voice, audioUrl, caracteres: text.length, minutos: deps.minutesOf(text.length) };
}

/**
 * The object's link, made first (once) when it is not there: the request that claims it (a conditional
 * write) synthesizes; simultaneous twins look for its object every `everyMs` and answer its link, or 409 in
 * Spanish once `looks` waits' time has passed. A failed synthesis drops the claim so the next play may try.
 */
async function claimedAudio(deps: ClaimedAudioDeps, owner: string, name: string, key: string, make: () => Promise<Uint8Array>): Promise<string> {
  const { everyMs, looks } = deps.wait ?? WAIT;
  // A bound in time, not in looks: each look is a HEAD and a conditional write, slower under load, and a twin must
  // answer its 409 well inside the group's 10 s (twenty twins answered 500 once, past it, in a loaded CI run).
  const giveUpAt = Date.now() + everyMs * looks;
  for (;;) {
    if (await deps.objects.exists(key)) return deps.objects.link(key);
    const claim = randomUUID();
    const now = (deps.now ?? clock.now)();
    if (await deps.claims.claim(owner, name, claim, new Date(now.getTime() - CLAIM_STALE_MS).toISOString())) {
      try {
        await deps.objects.put(key, await make());
      } catch (error) {
        await deps.claims.release(owner, name, claim).catch(() => undefined);
        throw error;
      }
      return deps.objects.link(key);
    }
    if (Date.now() >= giveUpAt) throw new AppError(409, SPEECH_IN_PROGRESS, 'SpeechInProgress');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** What a voice says of itself on the profile page. */
export const sampleSentence = (voice: NarrationVoiceId) =>
  `Hola, soy ${NARRATION_VOICES.find((v) => v.id === voice)!.nombre}. Así sonarán tus lecciones cuando las escuches.`;

export const sampleKey = (voice: NarrationVoiceId) => `narration/samples/${voice}.mp3`;

/**
 * GET /narration/voices/{voz}/sample: the same few seconds for every learner, synthesized the first
 * time anyone asks (and again after the bucket's expiry; simultaneous first asks: one synthesis) and not
 * metered to the learner: it is the product's cost, about 70 characters a voice.
 */
export async function voiceSample(deps: ClaimedAudioDeps & { speech: SpeechPort }, voice: NarrationVoiceId) {
  return { voz: voice, audioUrl: await claimedAudio(deps, '', voice, sampleKey(voice), () => deps.speech.synthesize({ text: sampleSentence(voice), voice })) };
}
