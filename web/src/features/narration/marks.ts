// Polly's sentence marks (JSON lines: { time (ms), type: 'sentence', start, end, value }) and how the
// player finds, for a moment of the audio, the block of the rendered lesson being read.
//
// The marks' `value` is the text Polly read, built from the lesson's Markdown by
// lambdas/narration/narration-text.ts (one sentence per block, markup and [n] marks dropped, code and
// tables announced, formulas said in words), not from the HTML the learner sees. So the match is by
// normalized text and in order, best effort: a mark goes to the first block, at or after the last one
// matched, whose text contains the sentence (or, failing that, its first words); an announced code
// block or table goes to the next <pre> or <table>; a mark that matches nothing (a formula said in
// words) highlights nothing and the highlight stays where it was.

export interface SentenceMark {
  /** Milliseconds from the start of the audio. */
  time: number;
  value: string;
}

/** The sentence marks of Polly's JSON lines, in time order; lines that are not sentence marks are skipped. */
export function parseMarks(text: string): SentenceMark[] {
  const marks: SentenceMark[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const mark = JSON.parse(line) as { time?: unknown; type?: unknown; value?: unknown };
      if (mark.type === 'sentence' && typeof mark.time === 'number' && typeof mark.value === 'string') marks.push({ time: mark.time, value: mark.value });
    } catch {
      // A broken line costs one sentence's highlight, never the audio.
    }
  }
  return marks.sort((a, b) => a.time - b.time);
}

/** The index of the sentence being read at `seconds` (the last mark that began by then), or -1 before the first. */
export function markAt(marks: readonly SentenceMark[], seconds: number): number {
  const ms = seconds * 1000;
  let lo = 0;
  let hi = marks.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid].time <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Letters and digits only, without accents, lower case, single spaces: how a sentence and a block are compared. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export type BlockKind = 'text' | 'code' | 'table';
export interface Block {
  kind: BlockKind;
  text: string;
}

const announced = (value: string): BlockKind | undefined =>
  /^Aquí hay un bloque de (código|órdenes)/.test(value) ? 'code' : /^Aquí hay una tabla/.test(value) ? 'table' : undefined;

/** For each mark, the index of the block it is read from, or -1 when none matches. */
export function matchMarks(marks: readonly SentenceMark[], blocks: readonly Block[]): number[] {
  // Source marks ([1], [2, 3]) are buttons in the page and are not read.
  const texts = blocks.map((b) => ` ${normalize(b.text.replace(/\[\d+(?:\s*,\s*\d+)*\]/g, ' '))} `);
  let cursor = 0;
  let matched = false;
  const find = (from: number, test: (i: number) => boolean) => {
    for (let i = from; i < blocks.length; i++) if (test(i)) return i;
    return -1;
  };
  return marks.map((mark) => {
    const kind = announced(mark.value);
    let at: number;
    // A code block or table is announced once: the next one after the block last read.
    if (kind) at = find(matched ? cursor + 1 : 0, (i) => blocks[i].kind === kind);
    else {
      // A paragraph holds several sentences: the search starts at the block last read.
      const words = normalize(mark.value);
      const start = words.split(' ').slice(0, 4).join(' ');
      at = words ? find(cursor, (i) => blocks[i].kind === 'text' && texts[i].includes(` ${words} `)) : -1;
      if (at < 0 && start) at = find(cursor, (i) => blocks[i].kind === 'text' && texts[i].includes(` ${start} `));
    }
    if (at >= 0) {
      cursor = at;
      matched = true;
    }
    return at;
  });
}
