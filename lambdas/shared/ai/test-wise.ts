import { boundedMemo } from '../bounded-memo';

// Test-wise rules (issue 41 item 7): the guesses a learner who does not know the answer can make
// from the form of a question alone. A rule "finds" the key of a question with probability 1/k when
// it picks k options, the key among them (ties are guessed among). One set of rules serves three
// places: the bank balancer (bank-balance.ts, on every bank the pipeline writes), the offline
// writer (which chooses its options with it) and `npm run eval:quality` (which reports the rates).

/** Lower case, no accents: words compare as a reader reads them. */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('es');
/** The words of a text, folded. */
export const wordsOf = (text: string) => fold(text).match(/[\p{L}\d]+/gu) ?? [];

const STOP = new Set(
  ('a al algo algun alguna algunas alguno algunos ante antes asi aun cada como con contra cual cuando de del desde donde dos el ella ellas ellos en entre era es esa esas ese eso esos esta estan estas este esto estos fue ha hay la las le les lo los mas me mi mismo mucho muy nada ni no nos o otra otras otro otros para pero poco por porque que se sea segun ser si sin sobre solo son su sus tambien tan tanto te tiene todo todos tu tus un una uno unos y ya yo puede pueden cuanto debe hace hacer the of and to in is').split(' '),
);
/** Content words: no stop words, no one- or two-letter words. */
export const contentWords = (text: string) => wordsOf(text).filter((w) => w.length > 2 && !STOP.has(w));

export interface McQuestion {
  enunciado: string;
  opciones: string[];
  /** Index of the key. */
  key: number;
  /** The text of the lesson the question rests on (the `literal` rule reads it); absent, that rule ties every option. */
  leccion?: string;
}

export const TEST_WISE_RULES = ['larga', 'corta', 'eco', 'distinta', 'literal'] as const;
export type TestWiseRule = (typeof TEST_WISE_RULES)[number];
/** Per rule, the probability it finds an item's key. */
export type RuleHits = Record<TestWiseRule, number>;

/** The options a score picks (ties all picked). */
function picks(q: McQuestion, score: (o: string, i: number) => number): number[] {
  const s = q.opciones.map(score);
  const top = Math.max(...s);
  return s.flatMap((v, i) => (v === top ? [i] : []));
}
const jaccard = (a: string[], b: string[]) => {
  const A = new Set(a);
  const B = new Set(b);
  const inter = [...A].filter((x) => B.has(x)).length;
  return inter / (A.size + B.size - inter || 1);
};

/** Words an option needs before appearing in the lesson says anything ("f/2", "El grande" are not copied text). */
const LITERAL_MIN_WORDS = 4;
/** Whether the whole option, as words, appears word for word in the lesson (given as ` words… `). */
const copiedFrom = (option: string[], lesson: string) => option.length >= LITERAL_MIN_WORDS && lesson.includes(` ${option.join(' ')} `);

/**
 * The lesson as ` words… `, for the last few lessons seen. A bank's balance (bank-balance.ts) reads its
 * questions in the bank's order, which moves between a module's lessons at every question: a cache of one
 * folded a whole lesson again for nearly every question (a third of a course's test-wise CPU).
 */
const lessonWords = boundedMemo(16, (text) => ` ${wordsOf(text).join(' ')} `);

/** A question's words, folded once for every rule. */
interface Prepared { q: McQuestion; content: string[][] }
const isContent = (w: string) => w.length > 2 && !STOP.has(w);
/**
 * An option's words and content words, for the last 256 options seen: the offline writer scores
 * sixteen sets of one question's options to choose one, and the same option is in most of them (folding
 * each option again was most of a course's test-wise CPU on the local stack, issue 42). Read only.
 */
const optionWords = boundedMemo(256, (text): { words: string[]; content: string[]; lesson?: string; copied?: boolean } => {
  const words = wordsOf(text);
  return { words, content: words.filter(isContent) };
});
/** copiedFrom, remembered with the option for the lesson it was last checked against (the lesson is long). */
function copiedFromLesson(option: string, lesson: string) {
  const got = optionWords(option);
  if (got.lesson !== lesson) Object.assign(got, { lesson, copied: copiedFrom(got.words, lesson) });
  return got.copied!;
}
const prepare = (q: McQuestion): Prepared => {
  const got = q.opciones.map((o) => optionWords(o));
  return { q, content: got.map((g) => g.content) };
};

const RULES: Record<TestWiseRule, (p: Prepared) => number[]> = {
  larga: ({ q }) => picks(q, (o) => o.trim().length),
  corta: ({ q }) => picks(q, (o) => -o.trim().length),
  // The option that repeats most of the stem's content words.
  eco: ({ q, content }) => {
    const stem = new Set(contentWords(q.enunciado));
    return picks(q, (_, i) => content[i].filter((w) => stem.has(w)).length);
  },
  // The option least like the other three (content words, and length as a tie-breaker).
  distinta: ({ q, content }) => {
    const mean = q.opciones.reduce((n, o) => n + o.length, 0) / q.opciones.length;
    return picks(q, (o, i) => -content.reduce((n, w, j) => (j === i ? n : n + jaccard(content[i], w)), 0) + Math.abs(o.length - mean) / 1e4);
  },
  // The option copied word for word from the lesson (all of it, at least LITERAL_MIN_WORDS words).
  literal: ({ q }) => {
    const lesson = lessonWords(q.leccion ?? '');
    return picks(q, (o) => (copiedFromLesson(o, lesson) ? 1 : 0));
  },
};

/** Per rule, the probability it finds this question's key (1/k when it picks k options with the key). */
export function ruleHits(q: McQuestion): RuleHits {
  const prepared = prepare(q);
  const out = {} as Record<TestWiseRule, number>;
  for (const rule of TEST_WISE_RULES) {
    const p = RULES[rule](prepared);
    out[rule] = p.includes(q.key) ? 1 / p.length : 0;
  }
  return out;
}

/** The hits as a vector in TEST_WISE_RULES order (what the learner model stores per answer). */
export const hitVector = (hits: RuleHits): number[] => TEST_WISE_RULES.map((r) => hits[r]);

/**
 * How often a test-wise guess finds the key: per rule, its expected hit rate over the questions.
 * Chance is 25 % with four options.
 */
export function testWiseness(questions: McQuestion[]): Record<TestWiseRule, number> {
  const out = Object.fromEntries(TEST_WISE_RULES.map((r) => [r, 0])) as Record<TestWiseRule, number>;
  for (const q of questions) {
    const h = ruleHits(q);
    for (const r of TEST_WISE_RULES) out[r] += h[r] / questions.length;
  }
  return out;
}
