import { BALANCE_CAP, selectBalanced, type RuleHits } from '../../../lambdas/evaluations/bank-balance';
import { SHORTFALL_ROUNDS } from '../../../lambdas/evaluations/question-bank';
import { TEST_WISE_RULES } from '../../../lambdas/shared/ai/test-wise';
import { pointed, simItem, topOf, type Random, type SimItem } from './generators';

// The bank a simulated learner meets is the one the product would keep (issue 41 item 7): the
// simulated writer favours the key (generators.ts `simItem`: keys 1.0–1.6× longer, echoing the stem
// more often, the odd one out 40 % of the time), and its bank goes through the product's balance
// (lambdas/evaluations/bank-balance.ts `selectBalanced`) and its reject-and-regenerate rounds
// (question-bank.ts): what the balance refuses is written again by the same writer, at most
// SHORTFALL_ROUNDS rounds; what is still refused after the last is dropped.

/** Per product rule, the probability it finds a simulated item's key (1/k when it points at k options with the key). */
export function simHits(item: SimItem): RuleHits {
  const hit = (options: number[]) => (options.includes(item.key) ? 1 / options.length : 0);
  return {
    larga: hit(pointed(item, 'longest')),
    corta: hit(topOf(item.lengths.map((l) => -l))),
    eco: hit(pointed(item, 'echo')),
    distinta: hit(pointed(item, 'odd')),
    // A simulated item has no lesson text: the product's literal rule ties the four options.
    literal: hit([0, 1, 2, 3]),
  };
}

export interface SimBank {
  items: SimItem[];
  /** Per rule, the share of the kept items' keys it finds. */
  rates: RuleHits;
  /** Items the writer wrote, and items the balance refused in all (rewritten or dropped). */
  written: number;
  refused: number;
}

/** `wanted` items over `objectives` (round robin), written with the writer's bias and balanced as the product balances a bank. */
export function balancedSimBank(prefix: string, objectives: readonly string[], wanted: number, random: Random, cap: number = BALANCE_CAP): SimBank {
  let n = 0;
  const write = (objective: string) => simItem(`${prefix}q${n++}`, objective, random);
  let kept: SimItem[] = [];
  let redo: string[] = Array.from({ length: wanted }, (_, i) => objectives[i % objectives.length]);
  let refused = 0;
  let rates = Object.fromEntries(TEST_WISE_RULES.map((r) => [r, 0])) as RuleHits;
  for (let round = 0; round < SHORTFALL_ROUNDS && redo.length; round++) {
    const balanced = selectBalanced([...kept, ...redo.map(write)], simHits, cap);
    kept = balanced.kept;
    rates = balanced.rates;
    refused += balanced.refused.length;
    // The writer rewrites each refused item on its objective (the product's `reescribir`).
    redo = balanced.refused.map((r) => r.item.objective);
  }
  return { items: kept, rates, written: n, refused };
}
