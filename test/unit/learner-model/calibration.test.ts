import { dominadoTally, wilson } from '../../../scripts/bench/learners/calibration';

// The bench's "dominado" calibration with its noise (issue 41): Wilson's interval, taken at the
// effective sample size when one learner's objective is counted at several session starts.

describe('"dominado" calibration with its interval', () => {
  it("gives Wilson's interval", () => {
    // 95 of 100: Wilson's 95 % interval is [0.888, 0.978] (Newcombe 1998's table gives the same).
    const { low, high } = wilson(95, 100);
    expect(low).toBeCloseTo(0.8883, 3);
    expect(high).toBeCloseTo(0.9785, 3);
    expect(wilson(10, 10).high).toBe(1);
  });

  it('counts one learner-objective shown at many sessions as about one draw, not many', () => {
    const spread = dominadoTally(), clustered = dominadoTally();
    // 40 learner-objectives shown once each, 2 of them not known ...
    for (let i = 0; i < 40; i++) spread.add(`u${i}|o1`, true, i >= 2, true);
    // ... against 2 learner-objectives shown 20 times each, one of them never known.
    for (let i = 0; i < 40; i++) clustered.add(`u${i % 2}|o1`, true, i % 2 === 1, true);
    const a = spread.figures(), b = clustered.figures();
    expect(a.shown).toBe(40);
    expect(b.shown).toBe(40);
    expect(a.effective).toBeGreaterThan(38);
    expect(b.pairs).toBe(2);
    expect(b.wrongPairs).toBe(1);
    expect(b.effective).toBeLessThan(3);
    expect(b.low).toBeLessThan(a.low);
  });

  it('counts recall over the objectives truly known, shown or not', () => {
    const t = dominadoTally();
    t.add('u1|o1', true, true, true);
    t.add('u1|o2', false, true, true);
    t.add('u1|o3', false, true, false);
    t.add('u1|o4', false, false, true);
    expect(t.figures()).toMatchObject({ truly: 2, trulyShown: 1, shown: 1, known: 1 });
  });
});
