import { simulate } from '../../../scripts/bench/learning-sim';

// A smaller run of `npm run bench learning` (issue 32): scripted learners with seeded knowledge
// through the real coverage draw, grading with per-objective feedback and the BKT learner model.
describe('the learning simulation', () => {
  it('separates known from unknown objectives, diagnoses the gaps, and guessing never passes', async () => {
    const loop = await simulate({ learners: 60 });
    const random = await simulate({ learners: 60, diagnosed: false });
    expect(loop.auc).toBeGreaterThanOrEqual(0.9);
    expect(loop.diagnosisPrecision).toBeGreaterThanOrEqual(0.9);
    expect(loop.diagnosisRecall).toBeGreaterThanOrEqual(0.9);
    expect(loop.attemptsToPass).toBeLessThan(random.attemptsToPass);
    // 17 of 20 by guessing at 1 in 4: about 3·10⁻⁸ per attempt.
    expect(loop.guessingOdds).toBeLessThan(1e-6);
    expect(loop.knowNothingPassRate).toBe(0);
  });
});
