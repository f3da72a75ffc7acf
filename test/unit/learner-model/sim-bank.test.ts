import { BALANCE_CAP, selectBalanced } from '../../../lambdas/evaluations/bank-balance';
import { TEST_WISE_RULES, type TestWiseRule } from '../../../lambdas/shared/ai/test-wise';
import { seededRandom } from '../../../infra/local/bedrock-faults';
import { simItem } from '../../../scripts/bench/learners/generators';
import { balancedSimBank, simHits } from '../../../scripts/bench/learners/sim-bank';

// Issue 41 item 7 in the learning bench: the simulated writer favours the key, and the bank a
// simulated learner meets is the one the product's balance keeps (the same `selectBalanced`, the same
// reject-and-regenerate rounds), not the writer's bank as written.

const objectives = ['m01.o1', 'm01.o2', 'm01.o3'];
const rateOf = (items: ReturnType<typeof simItem>[], rule: TestWiseRule) => items.reduce((n, it) => n + simHits(it)[rule], 0) / items.length;

describe("the bench's banks go through the product's balance", () => {
  it('the writer alone lets "pick the longest" find more keys than the cap', () => {
    const random = seededRandom(41);
    const raw = Array.from({ length: 180 }, (_, i) => simItem(`q${i}`, objectives[i % 3], random));
    expect(rateOf(raw, 'larga')).toBeGreaterThan(BALANCE_CAP + 0.1);
  });

  it('a balanced bank keeps every rule at or below the cap, nearly full, on every objective', () => {
    const bank = balancedSimBank('m01', objectives, 180, seededRandom(41));
    for (const rule of TEST_WISE_RULES) {
      expect(rateOf(bank.items, rule)).toBeLessThanOrEqual(BALANCE_CAP + 1e-9);
      expect(bank.rates[rule]).toBeCloseTo(rateOf(bank.items, rule), 9);
    }
    expect(bank.written).toBeGreaterThan(180);
    expect(bank.items.length).toBeGreaterThanOrEqual(160);
    for (const x of objectives) expect(bank.items.filter((it) => it.objective === x).length).toBeGreaterThanOrEqual(45);
  });

  it('selectBalanced refuses the items a rule over the cap finds, naming it, and keeps the rest in order', () => {
    const none = { larga: 0, corta: 0, eco: 0, distinta: 0, literal: 0 };
    const items = [...Array.from({ length: 6 }, (_, i) => ({ id: i, h: { ...none, eco: 1 } })), ...Array.from({ length: 6 }, (_, i) => ({ id: 10 + i, h: none }))];
    const { kept, refused, rates } = selectBalanced(items, (x) => x.h);
    expect(rates.eco).toBeLessThanOrEqual(BALANCE_CAP);
    expect(refused.every((r) => r.rule === 'eco' && r.item.h.eco === 1)).toBe(true);
    expect(kept.filter((x) => x.h.eco === 0)).toHaveLength(6);
    expect(kept.map((x) => x.id)).toEqual([...kept.map((x) => x.id)].sort((a, b) => a - b));
  });
});
