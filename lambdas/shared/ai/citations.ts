import type { NumberedSource } from '../../contract';
import { keepSourcedLinks } from './links';

// Grounded content (issue 24, docs/materials.md "Grounding"): a model writes from numbered passages
// of the learner's material and marks each claim with ` [n]`, n the passage's number; for each n it
// cites it returns the words it relies on (`cita`). Nothing is stored on the model's word: every
// cita must be a verbatim substring of passage n (whitespace aside), every mark must have its cita.
// The problems found are Spanish sentences for the structured call's repair turn (structured-output.ts
// `check`), so a lesson with a forged quote is asked again once and otherwise fails like any
// invalid output; never stored with a false quote.

/** A passage as the writer is shown it: its number in the prompt, where it comes from, its text. */
export interface GroundPassage {
  n: number;
  materialId: string;
  titulo: string;
  pagina: number;
  texto: string;
}

/** What the model answers for each passage it cites. */
export interface ModelCitation {
  n: number;
  cita: string;
}

/** The sentence a grounded text uses when the passages do not cover something (the prompt asks for it). */
export const NOT_COVERED = 'El material no trata';

const MARK = / \[(\d{1,2})\]/g;
/** Whitespace folded, so a quote across a line break still matches; nothing else is forgiven. */
export const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The citation numbers marked in a text, in order of first appearance. */
export function marksIn(text: string): number[] {
  const seen: number[] = [];
  for (const m of text.matchAll(MARK)) {
    const n = Number(m[1]);
    if (!seen.includes(n)) seen.push(n);
  }
  return seen;
}

/** True when `cita` (8 characters or more) occurs in `passage`, whitespace folded in both. */
export const quotes = (passage: string, cita: string) => {
  const c = normalise(cita);
  return c.length >= 8 && normalise(passage).includes(c);
};

/**
 * What is wrong with a grounded text's citations, as messages for the model (empty: sound). `text`
 * is every text the model wrote, joined; a text with no mark at all must say plainly that the
 * material does not cover the subject.
 */
export function citationProblems(text: string, citations: ModelCitation[], passages: GroundPassage[]): string[] {
  const problems: string[] = [];
  const byN = new Map(passages.map((p) => [p.n, p]));
  const cited = new Map<number, ModelCitation>();
  for (const c of citations) {
    const passage = byN.get(c.n);
    if (!passage) problems.push(`La fuente ${c.n} no es ningún pasaje de "pasajes": usa el número "n" de un pasaje.`);
    else if (cited.has(c.n)) problems.push(`La fuente ${c.n} aparece dos veces en "fuentes": da una sola cita por pasaje.`);
    else if (!quotes(passage.texto, c.cita)) problems.push(`La cita de la fuente ${c.n} no está literalmente en el pasaje ${c.n}: copia sus palabras exactas (al menos 8 caracteres).`);
    cited.set(c.n, c);
  }
  const marks = marksIn(text);
  for (const n of marks) if (!cited.has(n)) problems.push(`El texto marca [${n}] pero "fuentes" no tiene la fuente ${n} con su cita.`);
  if (!marks.length && !text.includes(NOT_COVERED)) {
    problems.push(`No citas ningún pasaje: marca cada afirmación con " [n]" del pasaje que la respalda, o di "${NOT_COVERED} ..." si los pasajes no cubren el tema.`);
  }
  return problems;
}

/**
 * The sources to store with a checked text: the passages its marks cite, numbered 1..k in order of
 * first appearance (citations the text never marks are left out), and `renumber`, which rewrites a
 * text's marks to match. Call only once citationProblems found nothing.
 */
export function numberSources(all: string, citations: ModelCitation[], passages: GroundPassage[]) {
  const order = marksIn(all);
  const next = new Map(order.map((n, i) => [n, i + 1]));
  const renumber = (s: string) => s.replace(MARK, (_m, n: string) => ` [${next.get(Number(n)) ?? n}]`);
  const byN = new Map(passages.map((p) => [p.n, p]));
  const fuentes: NumberedSource[] = order.map((n, i) => {
    const p = byN.get(n)!;
    const cita = normalise(citations.find((c) => c.n === n)!.cita);
    return { n: i + 1, materialId: p.materialId, titulo: p.titulo, pagina: p.pagina, cita };
  });
  return { fuentes, renumber };
}

/** Every string of a value with `f` applied (the model's structured answer, renumbered). */
export const mapStrings = <T>(value: T, f: (s: string) => string): T =>
  (typeof value === 'string' ? f(value)
    : Array.isArray(value) ? value.map((v: unknown) => mapStrings(v, f))
      : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]))
        : value) as T;

/** A sound text's sources checked once more where they are used (the tutor's answer, an evaluation's question). */
export const verifiedSources = (fuentes: NumberedSource[], passages: GroundPassage[]) =>
  fuentes.every((f) => passages.some((p) => p.materialId === f.materialId && p.pagina === f.pagina && quotes(p.texto, f.cita)));

/**
 * A tutor answer's citations, kept only where they hold (the tutor is answered at once, streamed or
 * not, so it gets no repair turn): a source whose cita is not verbatim in its passage is dropped,
 * and so is every mark left without a source; the rest are numbered 1..k in reading order. A link
 * the passages do not carry is neutralised (links.ts).
 */
export function keepVerified(text: string, citations: ModelCitation[] | undefined, passages: GroundPassage[]) {
  const byN = new Map(passages.map((p) => [p.n, p]));
  const sound = (citations ?? []).filter((c, i, all) => all.findIndex((x) => x.n === c.n) === i && byN.has(c.n) && quotes(byN.get(c.n)!.texto, c.cita));
  const kept = new Set(sound.map((c) => c.n));
  const stripped = text.replace(MARK, (m, n: string) => (kept.has(Number(n)) ? m : ''));
  const { fuentes, renumber } = numberSources(stripped, sound, passages);
  // Issue 31: and a link stays only if one of the passages carries it.
  return { text: keepSourcedLinks(renumber(stripped), passages.map((p) => p.texto)), fuentes };
}
