import { LESSON_WORDS } from '../lambdas/shared/ai/prompts/shared';
import { LESSON_HEADINGS } from '../lambdas/shared/ai/lesson-markdown';
import { prose } from '../lambdas/shared/ai/text-checks';
import { contentWords, wordsOf } from '../lambdas/shared/ai/test-wise';

// What a course teaches, measured (issue 33 item 1): each function is a figure the quality report
// shows per case, and CONTENT_THRESHOLDS says which figure fails the run. Pure functions on stored
// text, so a test can build each from the text that should fail it.

export { contentWords, wordsOf };

/** A lesson's own prose: its fixed headings (the same in every lesson) taken out. */
const FIXED_HEADINGS = [...Object.values(LESSON_HEADINGS), '### Introducción'];
const lessonProse = (md: string) => prose(md.split('\n').filter((l) => !FIXED_HEADINGS.some((h) => l.startsWith(h))).join('\n'));

const fiveGrams = (text: string) => {
  const w = wordsOf(lessonProse(text));
  const grams = new Set<string>();
  for (let i = 0; i + 5 <= w.length; i++) grams.add(w.slice(i, i + 5).join(' '));
  return grams;
};

/**
 * Redundancy between lessons: for the pair that repeats each other most, the share of the shorter
 * lesson's five-word sequences that also appear in the other. 0 = nothing shared, 1 = one lesson inside the other.
 */
export function redundancy(lessons: string[]): { value: number; pair?: [number, number] } {
  const grams = lessons.map(fiveGrams);
  let best = { value: 0, pair: undefined as [number, number] | undefined };
  for (let i = 0; i < grams.length; i++) {
    for (let j = i + 1; j < grams.length; j++) {
      const [a, b] = grams[i].size <= grams[j].size ? [grams[i], grams[j]] : [grams[j], grams[i]];
      if (!a.size) continue;
      let shared = 0;
      for (const g of a) if (b.has(g)) shared++;
      if (shared / a.size > best.value) best = { value: shared / a.size, pair: [i, j] };
    }
  }
  return best;
}

/** A lesson's length against the prompt's range for the level (LESSON_WORDS): words ÷ the nearest bound, 1 inside the range. */
export function lengthFit(markdown: string, level: string): { words: number; range: [number, number]; ratio: number } {
  const range = LESSON_WORDS[level] ?? LESSON_WORDS.principiante;
  const words = wordsOf(prose(markdown)).length;
  const ratio = words < range[0] ? words / range[0] : words > range[1] ? words / range[1] : 1;
  return { words, range, ratio };
}

const STRONG = /[aeoáéíóú]/;
/**
 * Spanish syllables of a word: one per vowel nucleus, where a weak vowel (i, u, ü) next to another
 * vowel forms a diphthong and two strong vowels (a, e, o or an accented i/u) form a hiatus.
 */
export function syllables(word: string): number {
  const w = word.toLocaleLowerCase('es').replace(/y$/, 'i').replace(/qu(?=[ei])|gu(?=[ei])/g, 'q');
  const groups = w.match(/[aeiouáéíóúü]+/g) ?? [];
  let n = 0;
  for (const g of groups) {
    n++;
    for (let i = 1; i < g.length; i++) if (STRONG.test(g[i]) && STRONG.test(g[i - 1])) n++;
  }
  return Math.max(1, n);
}

/**
 * Szigriszt-Pazos perspicuity (the INFLESZ scale, Barrio-Cantalejo 2008):
 * 206.835 − 62.3 × syllables/words − words/sentences. Under 40 very hard, 40–55 somewhat hard,
 * 55–65 normal, 65–80 fairly easy, above 80 very easy. Sentences end at . ! ? and at line ends
 * (headings and list items are sentences of their own). Code is not prose and is left out.
 */
export function inflesz(markdown: string): number {
  const sentences = prose(markdown)
    .split(/[.!?…:;]+\s|\n+/)
    .map((s) => s.match(/[\p{L}]+/gu) ?? [])
    .filter((s) => s.length);
  const words = sentences.flat();
  if (!words.length) return 0;
  const syl = words.reduce((n, w) => n + syllables(w), 0);
  return 206.835 - 62.3 * (syl / words.length) - words.length / sentences.length;
}

export type Address = 'tu' | 'usted';
const QUOTED = /«[^»\n]*»|“[^”\n]*”|"[^"\n]*"/g;
const USTED = /\b(ustedes|usted|fíjese|recuerde|observe|imagine|compruebe|tenga en cuenta|puede usted|considere)\b/giu;
const TU = /\b(tú|contigo|fíjate|recuerda que|observa|imagina|comprueba|ten en cuenta|puedes|tienes|sabes|debes|quieres|necesitas|aprenderás|verás)\b/giu;
/** The marks of each form of address in a text (quotations aside: a quoted sign may say "usted"). */
export function addressMarks(text: string): Record<Address, number> {
  const t = text.replace(QUOTED, ' ');
  return { tu: (t.match(TU) ?? []).length, usted: (t.match(USTED) ?? []).length };
}

/** Share of the terms that appear (folded, as words) in the texts. */
export function termCoverage(terms: string[], texts: string[]): { value: number; missing: string[] } {
  const hay = ` ${wordsOf(texts.join(' ')).join(' ')} `;
  const missing = terms.filter((t) => {
    const w = wordsOf(t);
    return w.length && !hay.includes(` ${w.join(' ')} `);
  });
  return { value: terms.length ? 1 - missing.length / terms.length : 1, missing };
}

// The rules themselves live with the bank balancer that enforces them (lambdas/shared/ai/test-wise.ts).
export { testWiseness, type McQuestion, type TestWiseRule as TestWiseStrategy } from '../lambdas/shared/ai/test-wise';

/** The sentence of a lesson that carries the mark ` [n]`. */
const sentencesWith = (markdown: string, n: number) =>
  markdown.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.includes(`[${n}]`)).map((s) => s.replace(/\s*\[\d+\]/g, ''));

/**
 * Whether each citation's quote supports the sentence it is attached to: the share of the
 * sentence's content words found in the quote; a citation is supported at SUPPORT_MIN or more.
 */
export function citationSupport(markdown: string, fuentes: { n: number; cita: string }[]): { n: number; overlap: number }[] {
  return fuentes.flatMap((f) => {
    const quote = new Set(contentWords(f.cita));
    return sentencesWith(markdown, f.n).map((s) => {
      const words = contentWords(s);
      return { n: f.n, overlap: words.length ? words.filter((w) => quote.has(w)).length / words.length : 0 };
    });
  });
}
