import { MARGIN, MIN_ANSWERS_PER_GROUP, discriminatesBackwards, reportsWithdraw, REPORTERS_TO_WITHDRAW } from '../../../lambdas/evaluations/question-quality';

// When statistics withdraw a question (issue 20, docs/evaluations.md): exact binomial arithmetic
// over the real rule, at the minimum sample on each side.

const choose = (n: number, k: number) => { let c = 1; for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i; return c; };
const pmf = (n: number, p: number, k: number) => choose(n, k) * p ** k * (1 - p) ** (n - k);
const n = MIN_ANSWERS_PER_GROUP;

/** Probability the rule withdraws a question answered right with probability pPass by passing attempts and pFail by failing ones. */
function withdrawalChance(pPass: number, pFail: number) {
  let total = 0;
  for (let okp = 0; okp <= n; okp++) {
    for (let okf = 0; okf <= n; okf++) {
      if (discriminatesBackwards({ n: 2 * n, ok: okp + okf, np: n, okp })) total += pmf(n, pPass, okp) * pmf(n, pFail, okf);
    }
  }
  return total;
}

describe('backwards discrimination', () => {
  it('never judges below the minimum sample on either side', () => {
    expect(discriminatesBackwards({ n: 2 * n - 1, ok: n, np: n, okp: 0 })).toBe(false);
    expect(discriminatesBackwards({ n: 2 * n - 1, ok: n - 1, np: n - 1, okp: 0 })).toBe(false);
  });

  it('withdraws a question passes answer right 40 % of the time and fails 80 %, most of the time (≈ 89 %)', () => {
    expect(withdrawalChance(0.4, 0.8)).toBeGreaterThan(0.85);
  });

  it('rarely withdraws a question both groups find equally easy, whatever its difficulty (≤ 8 %)', () => {
    const worst = Math.max(...Array.from({ length: 19 }, (_, i) => withdrawalChance((i + 1) / 20, (i + 1) / 20)));
    expect(worst).toBeLessThan(0.08);
    expect(MARGIN).toBe(0.2);
  });

  it('almost never withdraws a sound question (passes 90 % right, fails 50 %: ≈ 1.6 in a million)', () => {
    expect(withdrawalChance(0.9, 0.5)).toBeLessThan(1e-5);
  });
});

describe('reports', () => {
  it("withdraw the bank's own learner's question at once, a shared bank's after several learners", () => {
    expect(reportsWithdraw(true, 1)).toBe(true);
    expect(reportsWithdraw(false, REPORTERS_TO_WITHDRAW - 1)).toBe(false);
    expect(reportsWithdraw(false, REPORTERS_TO_WITHDRAW)).toBe(true);
  });
});
