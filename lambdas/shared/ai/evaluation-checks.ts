import { randomInt } from 'node:crypto';
import { OPTION_LETTERS } from '../../contract';
import { foldedSection } from '../../contract/lesson-sections';
import type { BankQuestion, GeneratedQuestion } from './schemas';
import { isSpanish } from './text-checks';
import { boundedMemo } from '../bounded-memo';

// Checks code can make on a generated question before any model judges it (the verifier,
// ./verifier.ts, judges what code cannot: whether exactly one option is defensible).

/** Lower case, no accents, no Markdown marks, single spaces: how texts are compared. */
export const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('es')
    .replace(/[*_`#>|[\]()]/g, ' ')
    .replace(/[«»"“”'‘’]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.¿?¡!:;,-]+|[\s.¿?¡!:;,-]+$/g, '')
    .trim();

const CATCH_ALL = /\b(todas?|todos?|ningun[ao]?|ambas?|nada)\s+(de\s+)?(las?\s+|los?\s+|lo\s+)?(anteriores?|anterior|opciones)\b/;
/** "Todas/ninguna de las anteriores" and its variants: options that test elimination, not knowledge. */
export const isCatchAll = (option: string) => CATCH_ALL.test(normalise(option));

/** An option whose length gives it away: far longer than every other option. */
export function standsOutByLength(options: string[]): boolean {
  const lengths = options.map((o) => o.trim().length).sort((a, b) => b - a);
  return lengths[0] > 1.6 * lengths[1] && lengths[0] - lengths[1] > 25;
}

/**
 * A lesson normalised once, whole and line by line with the heading each line sits under, for the last
 * 16 lessons: every question of a bank looks its source up in its lesson, and normalising the
 * whole lesson again per question was most of the bank checks' CPU (issue 42). A folded section (the
 * exercise's solution, the self-check answers: contract/lesson-sections.ts) is shown as a closed
 * disclosure with no heading, so its lines keep the heading of the section it answers.
 */
interface LessonIndex { whole: string; lines: { heading?: string; text: string }[]; lastHeading?: string }
const lessonIndex = boundedMemo(16, (lesson): LessonIndex => {
  const lines: LessonIndex['lines'] = [];
  let heading: string | undefined;
  for (const line of lesson.split('\n')) {
    const h = /^#{2,4}\s+(.+)$/.exec(line.trim());
    if (h) {
      if (!foldedSection(line.trim())) heading = h[1].trim();
    } else lines.push({ heading, text: normalise(line) });
  }
  return { whole: normalise(lesson), lines, lastHeading: heading };
});

/** The heading of the section that holds `sentence` in a Markdown lesson, if any (see lessonIndex). */
export function sectionOf(lesson: string, sentence: string): string | undefined {
  const target = normalise(sentence);
  const index = lessonIndex(lesson);
  if (target) for (const line of index.lines) if (line.text.includes(target)) return line.heading;
  // The sentence may span lines: the lesson's last section, as before.
  return index.whole.includes(target) ? index.lastHeading : undefined;
}

/** Every reason code finds to refuse a question; empty when it may go to the verifier. */
/** `taught`: the language a language course teaches (text-checks.ts taughtLanguage), whose examples are not drift. */
export function questionProblems(q: GeneratedQuestion, lessons: Record<string, string>, taught?: string): string[] {
  const problems: string[] = [];
  const texts = q.opciones.map((o) => o.texto);
  const right = texts[OPTION_LETTERS.indexOf(q.correcta)] ?? '';
  const lesson = lessons[q.lessonId];
  if (lesson === undefined) problems.push(`lessonId ${q.lessonId} no es una lección del módulo`);
  else if (!lessonIndex(lesson).whole.includes(normalise(q.fuente))) problems.push('la "fuente" no aparece literalmente en la lección');
  if (texts.length !== 4 || new Set(texts.map(normalise)).size !== texts.length) problems.push('las cuatro opciones deben ser distintas');
  if (texts.some(isCatchAll)) problems.push('usa "todas/ninguna de las anteriores"');
  if (standsOutByLength(texts)) problems.push('una opción destaca por su longitud');
  if (normalise(right).length >= 6 && normalise(q.enunciado).includes(normalise(right))) problems.push('el enunciado contiene la respuesta correcta');
  // Judged on the whole question: a stem or an option alone is too short for a language detector.
  if (!isSpanish([q.enunciado, ...texts, ...q.opciones.map((o) => o.explicacion)].join('\n\n'), taught)) problems.push('la pregunta no está escrita en español');
  return problems;
}

/**
 * Stores a question with its correct option moved to a position drawn by crypto.randomInt,
 * independently per question: no rule (i mod 4, "mostly B") links a question to its key.
 */
export function toBankQuestion(q: GeneratedQuestion, preguntaId: string, lessonText: string, at = randomInt(4)): BankQuestion {
  const from = OPTION_LETTERS.indexOf(q.correcta);
  const others = q.opciones.filter((_, i) => i !== from);
  const ordered = [...others.slice(0, at), q.opciones[from], ...others.slice(at)];
  const seccion = sectionOf(lessonText, q.fuente);
  return {
    preguntaId,
    lessonId: q.lessonId,
    objetivoId: q.objetivoId,
    bloom: q.bloom,
    fuente: q.fuente,
    ...(seccion && { seccion }),
    enunciado: q.enunciado,
    opciones: ordered.map((o) => o.texto),
    explicaciones: ordered.map((o) => o.explicacion),
    conceptosErroneos: ordered.map((o) => (o === q.opciones[from] ? '' : (o.conceptoErroneo ?? ''))),
    correcta: OPTION_LETTERS[at],
    explicacion: q.opciones[from].explicacion,
  };
}

/**
 * Objectives as data (issue 32): the question measures one of the module's objectives and every
 * wrong option names the misconception it reveals (the feedback of a failed attempt is made of them).
 */
export function objectiveProblems(q: GeneratedQuestion, objectives: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (objectives.size && !objectives.has(q.objetivoId)) problems.push(`objetivoId ${q.objetivoId} no es un objetivo del módulo (${[...objectives].join(', ')})`);
  if (q.opciones.some((o, i) => OPTION_LETTERS[i] !== q.correcta && !o.conceptoErroneo?.trim())) problems.push('falta el "conceptoErroneo" de una opción incorrecta');
  return problems;
}
