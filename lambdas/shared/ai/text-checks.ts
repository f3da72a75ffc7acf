import { franc } from 'franc-min';
import { LESSON_HEADINGS, lessonMarkdown, lessonTexts } from './lesson-markdown';
import type { LessonOutput } from './schemas';

// Checks on every text Mentora stores, beyond what a schema can say: it is Spanish (not English,
// not a mix), it is the content and nothing else (no "¡Claro! Aquí tienes…" around it), and a
// lesson has every section a learner relies on. Each problem is phrased for the model, because
// it goes back on the single repair turn (structured-output.ts `check`); docs/pipeline.md lists them.

export type QualityCheck = 'idioma' | 'relleno' | 'estructura';
export interface TextProblem {
  check: QualityCheck;
  message: string;
}

/** franc needs a few sentences to be reliable; shorter prose is not judged. */
const MIN_PROSE = 60;
/** Share of a text's prose, in characters, that may be in another language (names, quotes, terms). */
const MAX_FOREIGN_SHARE = 0.15;
// Restricting franc to the languages a model might drift into makes short paragraphs reliable.
const CANDIDATES = ['spa', 'eng', 'por', 'fra', 'ita', 'cat', 'deu'];

/** The prose of a Markdown text: no code, no URLs, no Markdown marks. */
export const prose = (md: string) =>
  md
    .replace(/```[\s\S]*?```/g, ' ')
    // A quotation is the quoted language's, not the writer's: «carpe diem», “I have been”, *bonjour*.
    .replace(/«[^»\n]*»|“[^”\n]*”|"[^"\n]*"|(?<![*\w])\*(?!\*)[^*\n]+\*(?!\*)/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#>*_|[\]()-]+/g, ' ')
    .replace(/[ \t]+/g, ' ');

const languageOf = (text: string) => franc(text, { only: CANDIDATES, minLength: 10 });

/** The language a course teaches, from its topic ("Inglés para viajar" → eng): its examples are not drift. */
const TAUGHT: [RegExp, string][] = [
  [/\b(ingl[eé]s|english)\b/i, 'eng'],
  [/\b(franc[eé]s|french|fran[cç]ais)\b/i, 'fra'],
  [/\b(portugu[eé]s|portuguese)\b/i, 'por'],
  [/\b(italiano|italian)\b/i, 'ita'],
  [/\b(alem[aá]n|german|deutsch)\b/i, 'deu'],
  [/\b(catal[aá]n|catal[aà])\b/i, 'cat'],
];
export const taughtLanguage = (topic = '') => TAUGHT.find(([re]) => re.test(topic))?.[1];
/**
 * In a language course, the taught language's paragraphs (examples, dialogues) may fill at most this
 * share of the prose: the explanation around them is still Spanish, so English drift still fails.
 */
const MAX_TAUGHT_SHARE = 0.5;

const paragraphsOf = (text: string) => prose(text).split(/\n\s*\n|\n(?=\s*\d+\.\s)/).map((p) => p.trim()).filter((p) => p.length >= MIN_PROSE);
const share = (ps: string[], pick: (p: string) => boolean) => {
  const total = ps.reduce((n, p) => n + p.length, 0);
  return total ? ps.filter(pick).reduce((n, p) => n + p.length, 0) / total : 0;
};

/** Share of a text's paragraphs (weighted by length) in another language than Spanish (and than the taught one). */
export function foreignShare(text: string, taught?: string): number {
  return share(paragraphsOf(text), (p) => !['spa', taught].includes(languageOf(p)));
}

/**
 * Whether a text is Spanish: as a whole, and with no more than a sliver of other-language paragraphs.
 * `taught` (taughtLanguage of the course's topic): that language's paragraphs are examples, judged apart.
 */
export function isSpanish(text: string, taught?: string): boolean {
  const all = prose(text).trim();
  if (all.length < MIN_PROSE) return true;
  if (taught && taught !== 'spa') {
    const ps = paragraphsOf(text);
    const own = ps.filter((p) => languageOf(p) !== taught).join('\n\n');
    if (share(ps, (p) => languageOf(p) === taught) > MAX_TAUGHT_SHARE) return false;
    return own.length < MIN_PROSE ? languageOf(all) === 'spa' : languageOf(own) === 'spa' && foreignShare(text, taught) <= MAX_FOREIGN_SHARE;
  }
  return languageOf(all) === 'spa' && foreignShare(text) <= MAX_FOREIGN_SHARE;
}

// An interjection is chatter only as an interjection: "¡Claro!", "Perfecto, …", not "Claro y oscuro…",
// "Perfecto simple…" (the tense) or "Genial es…", which open real content.
const INTERJECTION = String.raw`(claro(\s+que\s+s[ií])?|por supuesto|desde luego|perfecto|genial|excelente|estupendo|buena pregunta|excelente pregunta|sure|certainly|of course|great)`;
const OPENING_CHATTER = new RegExp(
  String.raw`^\s*(¡\s*${INTERJECTION}\b|${INTERJECTION}\s*[,.!:;…]|aqu[ií] (tienes|est[aá])\b|a continuaci[oó]n (te )?(presento|tienes|encontrar[aá]s)\b|como (un )?(modelo de (lenguaje|ia)|asistente( virtual| de ia)?|ia)\b|here is\b|here's\b)`,
  'i',
);
const CLOSING_CHATTER =
  /(espero que (esto |esta lecci[oó]n )?(te )?(sirva|ayude|haya)|no dudes en (preguntar|consultar|pedir)|¿(quieres|te gustar[ií]a|deseas) que (te )?(ampl[ií]e|prepare|explique|haga|profundice)|hope (this|it) helps|let me know)[^\n]*$/i;

/** Text around the content: greetings, "Aquí tienes…", offers to do more. */
export function chatterProblems(texts: string[]): string[] {
  return texts.flatMap((t) => {
    const found: string[] = [];
    const open = t.match(OPENING_CHATTER);
    if (open) found.push(`Sobra el comentario inicial «${open[0].trim()}…»: escribe solo el contenido.`);
    const close = t.trim().match(CLOSING_CHATTER);
    if (close) found.push(`Sobra el comentario final «${close[0].trim().slice(0, 60)}»: escribe solo el contenido.`);
    return found;
  });
}

/** The language problems of a set of texts, judged together (short fields say little alone). */
export function languageProblems(texts: string[], taught?: string): string[] {
  const joined = texts.join('\n\n');
  if (isSpanish(joined, taught)) return [];
  const share = Math.round(foreignShare(joined, taught) * 100);
  return [`El texto debe estar entero en español neutro; ahora hay partes en otro idioma (≈ ${share} % de los párrafos). Tradúcelas, sin mezclar idiomas.`];
}

/** The sections a stored lesson must have, in its Markdown. */
export function lessonStructureProblems(markdown: string): string[] {
  const missing = Object.values(LESSON_HEADINGS).filter((h) => !`\n${markdown}`.includes(`\n${h}`));
  const problems = missing.map((h) => `Falta la sección «${h.replace(/^#+\s*/, '')}».`);
  const selfCheck = markdown.split(LESSON_HEADINGS.autoevaluacion)[1]?.split(LESSON_HEADINGS.respuestas)[0] ?? '';
  // Only the items at the margin: a list inside a question is indented under it (lesson-markdown.ts).
  const questions = (selfCheck.match(/^\d+\.\s/gm) ?? []).length;
  if (!missing.length && (questions < 2 || questions > 3)) problems.push(`La autoevaluación debe tener 2 o 3 preguntas (tiene ${questions}).`);
  return problems;
}

/** Every problem of a generated lesson; empty when it may be stored. */
export function lessonProblems(l: LessonOutput, taught?: string): TextProblem[] {
  const texts = lessonTexts(l);
  const structure = lessonStructureProblems(lessonMarkdown(l));
  if (l.ejercicio.solucion.trim() === l.ejercicio.enunciado.trim()) structure.push('La solución del ejercicio no puede repetir el enunciado: resuélvelo.');
  return [
    ...languageProblems(texts, taught).map((message) => ({ check: 'idioma' as const, message })),
    ...chatterProblems(texts).map((message) => ({ check: 'relleno' as const, message })),
    ...structure.map((message) => ({ check: 'estructura' as const, message })),
  ];
}

/** The checks on a short generated text (an evaluation question, an option): Spanish, no chatter. */
export function shortTextProblems(texts: string[], taught?: string): TextProblem[] {
  // Judged as one paragraph: a lone option is too short for a language detector.
  return [
    ...languageProblems([texts.join('. ')], taught).map((message) => ({ check: 'idioma' as const, message })),
    ...chatterProblems(texts).map((message) => ({ check: 'relleno' as const, message })),
  ];
}
