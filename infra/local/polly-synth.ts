import { encode, silence, speak, type AudioFormat } from './polly-audio';
import { InvalidSsml, readInput, type Sentence } from './polly-text';
import { isVoiceProblem, voiceFor, type PollyEngine } from './polly-voices';

// One synthesis as Polly does it, for both the synchronous call and a task: the request checked the
// way Polly checks it, then each sentence spoken on its own, so the speech marks are where the sound
// is: a sentence's time is where its samples begin; its words share the voiced part of the sentence
// in proportion to their letters (espeak-ng's command line gives no word timings: close, not exact).

export interface SynthesisRequest {
  OutputFormat?: string;
  Text?: string;
  TextType?: string;
  VoiceId?: string;
  Engine?: string;
  LanguageCode?: string;
  SampleRate?: string;
  SpeechMarkTypes?: string[];
  LexiconNames?: string[];
}

export class PollyError extends Error {
  constructor(readonly code: string, message: string, readonly status = 400) {
    super(message);
  }
}

export interface Synthesis {
  body: Buffer;
  contentType: string;
  billed: number;
  /** The audio's length, for the task record and tests. */
  durationMs: number;
}

const FORMATS = ['mp3', 'ogg_vorbis', 'pcm', 'json'] as const;
const RATES: Record<AudioFormat, string[]> = { mp3: ['8000', '16000', '22050', '24000'], ogg_vorbis: ['8000', '16000', '22050', '24000'], pcm: ['8000', '16000'] };
const CONTENT_TYPES = { mp3: 'audio/mpeg', ogg_vorbis: 'audio/ogg', pcm: 'audio/pcm', json: 'application/x-json-stream' } as const;
const MARK_TYPES = ['sentence', 'word', 'viseme', 'ssml'];
/** Billed characters per request: 3,000 synchronously, 100,000 for a task (Polly's quotas). */
export const TEXT_LIMITS = { sync: 3000, task: 100_000 } as const;

/** The request's checks, in Polly's terms; returns what synthesis needs. */
export function checkRequest(r: SynthesisRequest, limit: number) {
  if (typeof r.Text !== 'string' || !r.Text) throw new PollyError('ValidationException', "1 validation error detected: Value null at 'text' failed to satisfy constraint: Member must not be null");
  const format = r.OutputFormat as (typeof FORMATS)[number];
  if (!FORMATS.includes(format)) throw new PollyError('ValidationException', `1 validation error detected: Value '${String(r.OutputFormat)}' at 'outputFormat' failed to satisfy constraint: Member must satisfy enum value set: [json, mp3, ogg_vorbis, pcm]`);
  const textType = (r.TextType ?? 'text') as 'text' | 'ssml';
  if (textType !== 'text' && textType !== 'ssml') throw new PollyError('ValidationException', `1 validation error detected: Value '${String(r.TextType)}' at 'textType' failed to satisfy constraint: Member must satisfy enum value set: [ssml, text]`);
  const voice = voiceFor(r.VoiceId, r.Engine, r.LanguageCode);
  if (isVoiceProblem(voice)) throw new PollyError(voice.error, voice.message);
  if (r.LexiconNames?.length) throw new PollyError('LexiconNotFoundException', `Lexicon not found: ${r.LexiconNames[0]}`, 404);
  const marks = r.SpeechMarkTypes ?? [];
  if (marks.some((m) => !MARK_TYPES.includes(m))) throw new PollyError('ValidationException', 'Member must satisfy enum value set: [sentence, ssml, viseme, word]');
  if (format === 'json' && !marks.length) throw new PollyError('ValidationException', 'Speech marks must be requested with the json output format');
  if (format !== 'json' && marks.length) throw new PollyError('MarksNotSupportedForFormatException', 'Speech marks are only available with the json output format');
  if (textType === 'text' && marks.includes('ssml')) throw new PollyError('SsmlMarksNotSupportedForTextTypeException', 'SSML speech marks need TextType ssml');
  const engine = (r.Engine ?? 'standard') as PollyEngine;
  const audio: AudioFormat = format === 'json' ? 'pcm' : format;
  if (r.SampleRate !== undefined && (format === 'json' || !RATES[audio].includes(r.SampleRate))) throw new PollyError('InvalidSampleRateException', `Invalid sample rate ${r.SampleRate} for ${format}`);
  const rate = Number(r.SampleRate ?? (audio === 'pcm' ? '16000' : engine === 'standard' ? '22050' : '24000'));
  let read: ReturnType<typeof readInput>;
  try {
    read = readInput(r.Text, textType);
  } catch (error) {
    if (error instanceof InvalidSsml) throw new PollyError('InvalidSsmlException', error.message);
    throw error;
  }
  if (read.billed > limit || r.Text.length > 2 * limit) throw new PollyError('TextLengthExceededException', `Maximum text length has been exceeded (${limit} billed characters)`);
  return { format, audio, rate, voice, marks, read, contentType: CONTENT_TYPES[format] };
}

/** espeak-ng processes at once for one request. */
const SPEAK_AT_ONCE = 4;

/** `run` over `items`, `size` at a time, the answers in the items' order. */
async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

/**
 * The sound, or the speech marks (newline-delimited JSON), of a checked request. `background`: an
 * asynchronous task's (StartSpeechSynthesisTask), whose processes run at a lower priority (polly-audio.ts).
 */
export async function synthesize(checked: ReturnType<typeof checkRequest>, background = false): Promise<Synthesis> {
  const { rate, voice, read } = checked;
  const parts: Int16Array[] = [];
  const lines: string[] = [];
  let samples = 0;
  const ms = (n: number) => Math.round((n * 1000) / rate);
  // Each sentence is its own espeak-ng process: started a few at a time, not one after another, since most of a
  // short process's time is its start. A tutor answer of 1,500 characters took 7.8 s one at a time under a CI run's
  // load, near the narration group's 10 s (on AWS, Polly answers it in seconds); the order is kept.
  const sounds = await inBatches(read.pieces, SPEAK_AT_ONCE, (piece) => (piece.kind === 'pause' ? Promise.resolve(silence(piece.ms, rate)) : speak(piece.value, voice.espeak, rate, background)));
  for (const [i, piece] of read.pieces.entries()) {
    const sound = sounds[i];
    if (piece.kind === 'sentence') lines.push(...marksOf(piece, ms(samples), sound, rate, checked.marks));
    parts.push(sound);
    samples += sound.length;
  }
  const all = new Int16Array(samples);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const body = checked.format === 'json' ? Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8') : await encode(all, rate, checked.audio, background);
  return { body, contentType: checked.contentType, billed: read.billed, durationMs: ms(samples) };
}

/** A sentence's marks: the sentence where its sound starts, its words across the voiced part by letters. */
function marksOf(s: Sentence, startMs: number, sound: Int16Array, rate: number, types: string[]): string[] {
  const out: string[] = [];
  if (types.includes('sentence')) out.push(JSON.stringify({ time: startMs, type: 'sentence', start: s.start, end: s.end, value: s.value }));
  if (!types.includes('word') || !s.words.length) return out;
  const loud = (x: number) => Math.abs(x) > 400;
  const first = Math.max(0, sound.findIndex(loud));
  const last = sound.findLastIndex(loud);
  const voicedMs = Math.max(0, ((last - first) * 1000) / rate);
  const letters = s.words.reduce((n, w) => n + w.value.length, 0);
  let done = 0;
  for (const w of s.words) {
    out.push(JSON.stringify({ time: Math.round(startMs + (first * 1000) / rate + (voicedMs * done) / letters), type: 'word', start: w.start, end: w.end, value: w.value }));
    done += w.value.length;
  }
  return out;
}
