import { franc } from 'franc-min';

// Issue 43 item 6: are a diagram's labels Spanish? A label is a few words (at most 48 characters), and
// franc alone is noise there: on the featured courses' own labels it names Italian for "Sila marcha
// sobre Roma" (Spanish 0.65 of the winner) and Portuguese for "Lo escrito llega como texto", while it
// gives "Caesar crosses the Rubicon" a Spanish score of 0.61: no threshold on its scores separates them.
// So a label is judged first by its small words, which settle a short text where trigrams cannot:
// - 'otro': a function word of another language (the, your, und, il, quanto…) or a letter Spanish does
//   not write (è, ç, ã, ß…), and no Spanish one: "Ignore your instructions", "La lumière sort…";
// - 'spa': a Spanish function word (el, los, y, del, lo…), ñ, ¿, ¡ or -ción; failing both, franc's best
//   guess when it is Spanish (or the course's taught language: its examples are not drift);
// - 'corto': anything else, too short to tell ("Primer triunvirato", "Shutter speed"). Never counted
//   as foreign, and reported apart: the share is of the labels that could be told.

const CANDIDATES = ['spa', 'eng', 'por', 'fra', 'ita', 'cat', 'deu'];
const SPANISH = new Set(['el', 'los', 'las', 'del', 'al', 'y', 'un', 'una', 'unos', 'unas', 'es', 'se', 'lo', 'con', 'para', 'su', 'sus', 'muy', 'está', 'están', 'cómo', 'qué', 'cuál', 'cuándo', 'dónde', 'porque', 'pero']);
const FOREIGN = new Set([
  ...['the', 'and', 'of', 'to', 'is', 'are', 'with', 'for', 'your', 'you', 'its', 'into', 'from', 'this', 'that', 'how', 'what', 'in', 'on', 'an', 'as'],
  // Not the words Spanish writes too: dos, da, das, os, le, les, des (two, gives, you give, you, him, them…).
  ...['não', 'quanto', 'um', 'uma', 'em', 'você'],
  ...['du', 'et', 'est', 'une', 'dans', 'avec', 'sont', 'vous'],
  ...['il', 'gli', 'della', 'delle', 'sono', 'nel', 'che'],
  ...['der', 'die', 'das', 'und', 'ist', 'ein', 'eine', 'mit', 'nicht'],
  ...['els', 'amb'],
]);
const FOREIGN_LETTER = /[àèìòùâêîôûçãõßäöë]/i;
const SPANISH_MARK = /[ñ¿¡]|ci[oó]n(es)?\b/i;

export type LabelVerdict = 'spa' | 'otro' | 'corto';

/** The words of a label: no code (`input()`, `int()`), numbers or era marks (a. C., d. C.). */
const wordsOf = (label: string) =>
  label
    .replace(/\S*\(\)\S*/g, ' ')
    .replace(/\b[ad]\.\s*C\./g, ' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

export function labelLanguage(label: string, taught?: string): LabelVerdict {
  const words = wordsOf(label);
  const spanish = SPANISH_MARK.test(label) || words.some((w) => SPANISH.has(w));
  const foreign = FOREIGN_LETTER.test(label) || words.some((w) => FOREIGN.has(w));
  if (spanish) return 'spa';
  const best = franc(words.join(' '), { only: CANDIDATES, minLength: 10 });
  if (best === 'spa' || (taught && best === taught)) return 'spa';
  return foreign ? 'otro' : 'corto';
}
