import { DESIRED_RETENTION, levelAt, retention, stability } from '../../../lambdas/learner-model';

// Issue 41 item 4: mastery decays with the time since the last evidence (FSRS retrievability, the
// curve review schedules with), faster after one day of evidence than after several, and an
// objective once mastered reads "por repasar" once retention falls below FSRS's desired 0.9.

const DAY = 86_400_000;
const last = '2026-03-02T10:00:00.000Z';
const after = (days: number) => new Date(Date.parse(last) + days * DAY);
const mastered = { p: 0.99, n: 8, at: last, dias: 2, recientes: '11111111' };

describe('the decay rule', () => {
  it('keeps full retention at the moment of the evidence and falls to 0.9 after one stability', () => {
    expect(retention(mastered, after(0))).toBe(1);
    expect(retention(mastered, after(stability(2)))).toBeCloseTo(DESIRED_RETENTION, 6);
    expect(retention(mastered, after(30))).toBeLessThan(retention(mastered, after(10)));
  });

  it('fades more slowly the more days the evidence is spread over', () => {
    expect(stability(1)).toBeLessThan(stability(2));
    expect(retention({ at: last, dias: 3 }, after(10))).toBeGreaterThan(retention({ at: last, dias: 1 }, after(10)));
  });

  it('reads "dominado" while retention holds, then "por repasar", and the estimate shown fades with it', () => {
    const fresh = levelAt(mastered, after(1));
    expect(fresh.nivel).toBe('dominado');
    const faded = levelAt(mastered, after(stability(2) + 1));
    expect(faded.nivel).toBe('por_repasar');
    expect(faded.p).toBeLessThan(0.99 * DESIRED_RETENTION);
  });
});
