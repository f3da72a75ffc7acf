import { OPTION_LETTERS } from '../contract';
import type { GeneratedQuestion } from '../shared/ai/schemas';
import { ruleHits, TEST_WISE_RULES, type RuleHits, type TestWiseRule } from '../shared/ai/test-wise';

// Issue 41 item 7: every bank is balanced by code, not only checked by the verifier. A test-wise
// rule (the longest option, the shortest, the one echoing the stem, the odd one out, the one copied
// word for word from the lesson: lambdas/shared/ai/test-wise.ts) may find the key of a question by
// chance — a quarter of the time with four options — but across a bank no rule may find more than
// BALANCE_CAP of the keys. Code cannot rewrite an option without changing what it says, so the
// balance is reject-and-regenerate: the questions that push a rule over the cap are refused with
// the rule named, and the writer rewrites them (question-bank.ts) or a later round replaces them.

/**
 * The most a rule may find across the questions a build keeps: eval:quality's threshold
 * (scripts/eval-quality-content.ts CONTENT_THRESHOLDS.testWise), and the rate the pass odds of a
 * test-wise learner are computed at (docs/evaluations.md "Test-wise learners").
 */
export const BALANCE_CAP = 0.35;

/** Why a question was refused, per rule: what the writer must change. */
export const BALANCE_REASONS: Record<TestWiseRule, string> = {
  larga: 'la clave es la opción más larga con demasiada frecuencia en el banco: iguala la longitud de las opciones',
  corta: 'la clave es la opción más corta con demasiada frecuencia en el banco: iguala la longitud de las opciones',
  eco: 'la clave es la opción que más palabras repite del enunciado: que las opciones repitan el enunciado por igual, o ninguna',
  distinta: 'la clave es la opción que menos se parece a las otras tres: escribe las cuatro con la misma forma',
  literal: 'la clave copia literalmente la frase de la lección: parafraséala, o escribe las opciones con la misma cercanía al texto',
};

export interface Balanced<Q> {
  kept: Q[];
  refused: { pregunta: Q; problemas: string[] }[];
  /** Per rule, the share of the kept questions' keys it finds. */
  rates: RuleHits;
}

const hitsOf = (q: GeneratedQuestion, lessons: Record<string, string>) =>
  ruleHits({ enunciado: q.enunciado, opciones: q.opciones.map((o) => o.texto), key: OPTION_LETTERS.indexOf(q.correcta), leccion: lessons[q.lessonId] });

export type { RuleHits };

export interface Selection<T> {
  kept: T[];
  /** Each refused item with the rule over the cap that finds its key. */
  refused: { item: T; rule: TestWiseRule }[];
  /** Per rule, the share of the kept items' keys it finds. */
  rates: RuleHits;
}

/**
 * The balance's selection over any items whose rule hits are known: while a rule finds more than
 * `cap` of the kept keys, the item whose leaving brings every rule nearest the cap is refused, named
 * by the rule over the cap that finds its key. Items keep their order. The product's banks
 * (`balanceBank`) and the learning bench's simulated banks (scripts/bench/learners) both go through
 * it. Pure; each rate is a running sum, so a refusal costs one pass over the items.
 */
export function selectBalanced<T>(items: readonly T[], hits: (item: T) => RuleHits, cap = BALANCE_CAP): Selection<T> {
  const rows = items.map((item) => ({ item, h: hits(item), out: undefined as TestWiseRule | undefined }));
  const sum = Object.fromEntries(TEST_WISE_RULES.map((r) => [r, rows.reduce((n, x) => n + x.h[r], 0)])) as RuleHits;
  let count = rows.length;
  const rate = (r: TestWiseRule, without?: (typeof rows)[number]) => {
    const n = without ? count - 1 : count;
    return n > 0 ? (sum[r] - (without ? without.h[r] : 0)) / n : 0;
  };
  /** How far the rules are over the cap, all together, with one more item left out. */
  const excess = (without?: (typeof rows)[number]) => TEST_WISE_RULES.reduce((n, r) => n + Math.max(0, rate(r, without) - cap - 1e-9), 0);
  while (excess() > 0) {
    const over = TEST_WISE_RULES.filter((r) => rate(r) > cap + 1e-9);
    // Among the items a rule over the cap finds, refuse the one whose leaving brings the rules
    // nearest the cap (leaving one moves every rate); identical giveaways all go, one at a time.
    let worst: { x: (typeof rows)[number]; left: number } | undefined;
    for (const x of rows) {
      if (x.out || !over.some((r) => x.h[r] > 0)) continue;
      const left = excess(x);
      if (!worst || left < worst.left) worst = { x, left };
    }
    if (!worst) break;
    const chosen = worst.x;
    chosen.out = [...over].sort((a, b) => chosen.h[b] - chosen.h[a])[0];
    for (const r of TEST_WISE_RULES) sum[r] -= chosen.h[r];
    count--;
  }
  return {
    kept: rows.filter((x) => !x.out).map((x) => x.item),
    refused: rows.flatMap((x) => (x.out ? [{ item: x.item, rule: x.out }] : [])),
    rates: Object.fromEntries(TEST_WISE_RULES.map((r) => [r, rate(r)])) as RuleHits,
  };
}

/**
 * Keeps questions so that no rule finds more than `cap` of their keys (`selectBalanced` on each
 * question's rule hits, the lesson it rests on read by the `literal` rule). Pure.
 */
export function balanceBank<Q extends GeneratedQuestion>(questions: Q[], lessons: Record<string, string>, cap = BALANCE_CAP): Balanced<Q> {
  const { kept, refused, rates } = selectBalanced(questions, (q) => hitsOf(q, lessons), cap);
  return { kept, refused: refused.map((r) => ({ pregunta: r.item, problemas: [BALANCE_REASONS[r.rule]] })), rates };
}
