import { NARRATION, PLANS, narrationCostUsd, narrationMinutes } from '../../../lambdas/plans';

// Narration's meter (issue 26): characters sent to Polly cost its neural list price and count as
// minutes against the plan's month, in one place (plans.ts).

it('costs characters at Polly neural list price and counts them as minutes, rounding up', () => {
  expect(NARRATION.usdPorMillonCaracteres).toBe(16);
  expect(narrationCostUsd(1_000_000)).toBe(16);
  expect(narrationCostUsd(9_000)).toBeCloseTo(0.144, 6);
  expect(narrationMinutes(0)).toBe(0);
  expect(narrationMinutes(1)).toBe(1);
  expect(narrationMinutes(900)).toBe(1);
  expect(narrationMinutes(901)).toBe(2);
});

it('gives each plan its minutes, and a full month of them stays within the plan AI budget', () => {
  expect(PLANS.gratuito.narracionMinutosPorMes).toBe(30);
  expect(PLANS.premium.narracionMinutosPorMes).toBe(300);
  for (const plan of Object.values(PLANS)) {
    const monthOfAudio = narrationCostUsd(plan.narracionMinutosPorMes * NARRATION.caracteresPorMinuto);
    expect(monthOfAudio).toBeLessThan(plan.presupuestoIAUsdPorMes / 2);
  }
});
