// What the local Polly reads: the request's text (or SSML) cut into the sentences it will synthesize
// one by one, each with its words, every offset in bytes of the UTF-8 input as Polly's speech marks
// give them, and the pauses SSML asks for. Sentences are found by the ICU sentence breaker for
// Spanish (Intl.Segmenter), as a reader would cut them; <p> and <s> end one too.

export interface Word { value: string; start: number; end: number }
export interface Sentence { kind: 'sentence'; value: string; start: number; end: number; words: Word[] }
export interface Pause { kind: 'pause'; ms: number }
export type Piece = Sentence | Pause;

export class InvalidSsml extends Error {}

/** A run of spoken text and, for each of its characters, where it stands in the input (UTF-16 index). */
interface Run { text: string; at: number[] }

const sentences = new Intl.Segmenter('es', { granularity: 'sentence' });
const words = new Intl.Segmenter('es', { granularity: 'word' });

/** The input's text and pauses, and the characters Polly bills (SSML tags are not billed). */
export function readInput(input: string, textType: 'text' | 'ssml'): { pieces: Piece[]; billed: number } {
  const bytes = byteOffsets(input);
  const runs: (Run | Pause)[] = textType === 'ssml' ? ssmlRuns(input) : [{ text: input, at: indexes(input) }];
  const pieces: Piece[] = [];
  let billed = 0;
  for (const run of runs) {
    if ('kind' in run) {
      pieces.push(run);
      continue;
    }
    billed += [...run.text].length;
    for (const s of sentences.segment(run.text)) {
      const lead = s.segment.length - s.segment.trimStart().length;
      const value = s.segment.trim();
      if (!/[\p{L}\p{N}]/u.test(value)) continue;
      const from = s.index + lead;
      const to = from + value.length;
      const ws: Word[] = [];
      for (const w of words.segment(value)) {
        if (!w.isWordLike) continue;
        ws.push({ value: w.segment, start: bytes[run.at[from + w.index]], end: bytes[run.at[from + w.index + w.segment.length - 1] + 1] });
      }
      pieces.push({ kind: 'sentence', value, start: bytes[run.at[from]], end: bytes[run.at[to - 1] + 1], words: ws });
    }
  }
  return { pieces, billed };
}

/** UTF-16 index → UTF-8 byte offset, one past the end included. */
function byteOffsets(input: string): number[] {
  const out = new Array<number>(input.length + 1);
  let b = 0;
  for (let i = 0; i < input.length; i++) {
    out[i] = b;
    const c = input.charCodeAt(i);
    b += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3;
  }
  out[input.length] = b;
  return out;
}

const indexes = (s: string) => Array.from({ length: s.length }, (_, i) => i);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Tags after which a new sentence starts. */
const BREAKS_SENTENCE = new Set(['p', 's', 'speak']);

/** SSML → runs of text between sentence boundaries and pauses; throws InvalidSsml as Polly refuses it. */
function ssmlRuns(input: string): (Run | Pause)[] {
  const trimmed = input.trim();
  if (!trimmed.startsWith('<speak') || !trimmed.endsWith('</speak>')) throw new InvalidSsml('Invalid SSML request');
  const out: (Run | Pause)[] = [];
  let run: Run = { text: '', at: [] };
  const flush = () => {
    if (run.text.trim()) out.push(run);
    run = { text: '', at: [] };
  };
  const open: string[] = [];
  const token = /<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>|&(#\d+|#x[0-9a-fA-F]+|\w+);|[^<&]+|[<&]/g;
  for (let m = token.exec(input); m; m = token.exec(input)) {
    if (m[2]) {
      const [, closing, name, attrs, selfClosing] = m;
      if (closing) {
        if (open.pop() !== name) throw new InvalidSsml('Invalid SSML request');
      } else if (!selfClosing) open.push(name);
      if (name === 'break') {
        flush();
        out.push({ kind: 'pause', ms: breakMs(attrs) });
      } else if (BREAKS_SENTENCE.has(name)) flush();
    } else if (m[5]) {
      const e = m[5];
      const ch = e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e];
      if (ch === undefined) throw new InvalidSsml('Invalid SSML request');
      for (const c of ch) {
        run.text += c;
        run.at.push(m.index);
      }
    } else if (m[0] === '<' || m[0] === '&') {
      throw new InvalidSsml('Invalid SSML request');
    } else {
      if (open.length === 0) throw new InvalidSsml('Invalid SSML request');
      run.text += m[0];
      for (let i = 0; i < m[0].length; i++) run.at.push(m.index + i);
    }
  }
  if (open.length) throw new InvalidSsml('Invalid SSML request');
  flush();
  return out;
}

/** <break time="500ms"/>, time="2s" or strength (Polly: none 0, x-weak … x-strong), at most 10 s as Polly allows. */
function breakMs(attrs: string): number {
  const time = /time\s*=\s*"(\d+(?:\.\d+)?)(ms|s)"/.exec(attrs);
  if (time) return Math.min(10_000, Number(time[1]) * (time[2] === 's' ? 1000 : 1));
  const strength = /strength\s*=\s*"([\w-]+)"/.exec(attrs)?.[1] ?? 'strong';
  return ({ none: 0, 'x-weak': 100, weak: 250, medium: 400, strong: 700, 'x-strong': 1200 } as Record<string, number>)[strength] ?? 700;
}
