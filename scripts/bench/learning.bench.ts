import { simulate } from './learning-sim';

// `npm run bench learning` (issue 32): the learner model and the diagnosis over ≥ 200 scripted
// learners, through the real draw, grading and BKT code in process (scripts/bench/learning-sim.ts).

const fmt = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

async function main() {
  const withLoop = await simulate({ learners: 240 });
  const without = await simulate({ learners: 240, diagnosed: false });
  console.log(`learners: ${withLoop.learners} (3 modules × 3 objectives each, slip 0.1, guess 0.25, 10% know nothing)`);
  console.log(`AUC of the mastery estimate, known vs unknown objectives: ${fmt(withLoop.auc)} (goal ≥ 0.9)`);
  console.log(`"Te falta" diagnosis: precision ${fmt(withLoop.diagnosisPrecision)}, recall ${fmt(withLoop.diagnosisRecall)} against the seeded gaps`);
  console.log(`attempts to pass a module: ${fmt(withLoop.attemptsToPass, 2)} studying what "Te falta" names, ${fmt(without.attemptsToPass, 2)} studying at random (passed ${fmt(withLoop.passedShare, 2)} vs ${fmt(without.passedShare, 2)} within 8 attempts)`);
  console.log(`know-nothing learners: pass rate ${fmt(withLoop.knowNothingPassRate, 6)} per attempt; guessing odds ${withLoop.guessingOdds.toExponential(2)}`);
}

void main();
