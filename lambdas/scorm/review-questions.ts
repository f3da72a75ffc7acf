import { randomInt } from 'node:crypto';

// The questions of a package's evaluation SCOs. A package grades in the browser, so its questions and
// keys travel inside it: they must never be the bank that grants Mentora's certificates (whose keys
// never leave the server, docs/evaluations.md). They are built here by code from the lesson text the
// package already carries, with no model call: each is a sentence of a lesson with one key term
// blanked out ("completa la frase") and four terms of the course to choose from. What that gives, said
// plainly in docs/scorm.md: recall of the lessons' key terms in their context, not the understanding
// Mentora's written and blind-verified questions test. Nothing here reads the certificate bank.

export const REVIEW_QUESTIONS_PER_MODULE = 10;
const BLANK = '_____';

export interface ReviewLesson {
  titulo: string;
  contenido: string;
}
export interface ReviewModule {
  titulo: string;
  /** The module plan's key terms, when the course has a plan (older courses do not). */
  terminos: string[];
  lecciones: ReviewLesson[];
}
export interface ReviewQuestion {
  id: string;
  leccion: string;
  /** The lesson's sentence with the term replaced by a blank. */
  frase: string;
  opciones: string[];
  /** Index of the right option in `opciones`. */
  correcta: number;
}

/** A lesson's plain statements: no headings, code, tables, quotes or folded answers; emphasis marks removed. */
export function plainSentences(markdown: string): string[] {
  const kept: string[] = [];
  let inCode = false;
  let inAnswers = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      inCode = !inCode;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) inAnswers = heading[1].length === 4 && /^(Solución|Respuestas)\s*$/.test(heading[2]);
    if (inCode || inAnswers || heading || /^\s*(>|\|)/.test(line)) continue;
    kept.push(line.replace(/^\s*([-*+]|\d+[.)])\s+/, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, ''));
  }
  const seen = new Set<string>();
  return kept
    .join(' ')
    .split(/(?<=[.!])\s+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 40 && s.length <= 260 && s.endsWith('.') && !/[?¿]|demostración/i.test(s) && !seen.has(s) && seen.add(s));
}

const norm = (s: string) => s.normalize('NFC').toLocaleLowerCase('es').trim();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(term)}(?![\\p{L}\\p{N}])`, 'giu');

/** Terms a lesson puts in bold (a model marks key words so), short enough to be an option. */
const boldTerms = (markdown: string) =>
  [...markdown.matchAll(/\*\*([^*\n]{3,40})\*\*/g)].map((m) => m[1].trim().replace(/[.:,;]+$/, '')).filter((t) => t.split(/\s+/).length <= 4);

/** Long words a module repeats most: the fallback when plan and bold text give too few terms. */
function frequentWords(sentences: string[]): string[] {
  const counts = new Map<string, number>();
  for (const s of sentences) for (const [w] of s.matchAll(/\p{L}{8,}/gu)) counts.set(norm(w), (counts.get(norm(w)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
}

function uniqueTerms(terms: string[]): string[] {
  const seen = new Set<string>();
  return terms.map((t) => t.trim()).filter((t) => t.length >= 3 && !seen.has(norm(t)) && seen.add(norm(t)));
}

/**
 * The terms of one module, best first: the plan's, then the lessons' bold ones. Only a module with
 * fewer than four of those falls back to its most repeated long words (weaker options: any word class).
 */
export function moduleTerms(m: ReviewModule): string[] {
  const named = uniqueTerms([...m.terminos, ...m.lecciones.flatMap((l) => boldTerms(l.contenido))]);
  if (named.length >= 4) return named;
  return uniqueTerms([...named, ...frequentWords(m.lecciones.flatMap((l) => plainSentences(l.contenido)))]);
}

/**
 * Up to REVIEW_QUESTIONS_PER_MODULE questions for module `index`, spread over its lessons; distractors
 * come from the module's own terms first, then the course's. The right option's place is drawn with
 * `crypto.randomInt`, never by rule.
 */
export function reviewQuestions(modules: ReviewModule[], index: number, pick: (n: number) => number = randomInt): ReviewQuestion[] {
  const module = modules[index];
  const own = moduleTerms(module);
  const pool = uniqueTerms([...own, ...modules.flatMap((m, i) => (i === index ? [] : moduleTerms(m)))]);
  const lessons = module.lecciones.map((l) => ({ titulo: l.titulo, sentences: plainSentences(l.contenido), asked: 0 }));
  const used = new Set<string>();
  const questions: ReviewQuestion[] = [];
  // Each round asks every term once more, about another sentence: a few plan terms still fill an evaluation.
  for (let round = 0; round < 3; round++) {
    for (const term of own) {
      if (questions.length >= REVIEW_QUESTIONS_PER_MODULE) break;
      // The least-asked lesson that has an unused sentence with the term.
      const found = lessons
        .map((l) => ({ l, s: l.sentences.find((s) => !used.has(s) && wordRe(term).test(s)) }))
        .filter((x): x is { l: (typeof lessons)[number]; s: string } => x.s !== undefined)
        .sort((a, b) => a.l.asked - b.l.asked)[0];
      if (!found) continue;
      const others = pool.filter((t) => norm(t) !== norm(term) && !wordRe(t).test(found.s) && !norm(term).includes(norm(t)) && !norm(t).includes(norm(term)));
      // The module's own terms first; which of them turns with the question, so the same four do not always meet.
      const near = others.filter((t) => own.includes(t));
      const turn = near.length ? questions.length % near.length : 0;
      const distractors = [...near.slice(turn), ...near.slice(0, turn), ...others.filter((t) => !own.includes(t))].slice(0, 3);
      if (distractors.length < 3) continue;
      used.add(found.s);
      found.l.asked++;
      const correcta = pick(4);
      const opciones = [...distractors];
      opciones.splice(correcta, 0, term);
      questions.push({ id: `p${questions.length + 1}`, leccion: found.l.titulo, frase: found.s.replace(wordRe(term), BLANK), opciones, correcta });
    }
  }
  return questions;
}
