import { precisionAtCount } from '../../../scripts/bench/learners/metrics';

// The bench gives "Te falta" precision for the baselines too (issue 41 item 2): each names as many
// objectives as the model did, its lowest estimates, and is judged on the share truly unknown.

describe("a baseline's precision at the model's count", () => {
  it('names the k lowest estimates and counts the share unknown among them', () => {
    const scores = [
      { p: 0.1, y: true }, { p: 0.2, y: false }, { p: 0.3, y: true }, { p: 0.8, y: false }, { p: 0.9, y: true },
    ];
    expect(precisionAtCount(scores, 1)).toBe(1);
    expect(precisionAtCount(scores, 2)).toBe(0.5);
    expect(precisionAtCount(scores, 3)).toBeCloseTo(2 / 3, 10);
    // More than there are: all of them.
    expect(precisionAtCount(scores, 9)).toBeCloseTo(3 / 5, 10);
    expect(precisionAtCount(scores, 0)).toBeNaN();
  });

  it('counts ties at the cut at their mean, as a random choice among them would', () => {
    // Two below the cut (one unknown), four tied at it (one unknown): naming 4 takes 2 of the tied.
    const scores = [
      { p: 0.1, y: true }, { p: 0.2, y: false },
      { p: 0.5, y: true }, { p: 0.5, y: false }, { p: 0.5, y: false }, { p: 0.5, y: false },
      { p: 0.7, y: true },
    ];
    expect(precisionAtCount(scores, 4)).toBeCloseTo((1 + 2 * 0.25) / 4, 10);
    // Order in the input does not matter.
    expect(precisionAtCount([...scores].reverse(), 4)).toBeCloseTo((1 + 2 * 0.25) / 4, 10);
  });
});
