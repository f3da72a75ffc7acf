import { seededRandom } from '../../../infra/local/bedrock-faults';
import { BKT_DEFAULTS, learnerModel, memoryMasteryStore, predictRight, type Evidence } from '../../../lambdas/learner-model';
import { fitChance, type LogLine } from '../../../lambdas/learner-model/fit';

// Issue 41 item 2: the learner-level chance class (lambdas/learner-model/chance.ts). Per-objective
// BKT predicts a learner who has failed every objective of a course exactly as one who failed only
// this objective, and lifts both by P(T) after every attempt; the answers on the course's other
// objectives say which of the two is answering at chance. `pChance: 0` is the model before it.

const DAY = 86_400_000;
const at = (day: number) => new Date(Date.parse('2026-03-02T10:00:00Z') + day * DAY);
// P(T) 0.3: about what the bench's fit finds where studying teaches (P 0.6 after a failed attempt).
const PARAMS = { ...BKT_DEFAULTS, pLearn: 0.3, pChance: 0.1 };
const OBJECTIVES = ['m01.o1', 'm01.o2', 'm01.o3'];

/** Three attempts on three days, 6 answers per objective each; `right(objective, i)` decides each answer. */
async function history(right: (objective: string, i: number) => boolean, params = PARAMS) {
  let day = 0;
  const model = learnerModel(memoryMasteryStore(), { now: () => at(day), params });
  for (; day < 3; day++) {
    const batch: Evidence[] = OBJECTIVES.flatMap((o) => Array.from({ length: 6 }, (_, i) => ({ objectiveKey: o, correct: right(o, i), source: 'evaluacion' as const, itemId: `${o}.d${day}.q${i}` })));
    await model.recordEvidence('u1', 'c1', batch);
  }
  const item = await model.states('u1', 'c1');
  return (key: string) => predictRight(item, key, { source: 'evaluacion', itemId: 'new' }, at(day), params);
}

// One right answer in four on o1, as a learner answering at chance would have it.
const atChance = (_o: string, i: number) => i % 4 === 0;

describe('the learner-level chance class', () => {
  it('predicts a learner who fails every objective lower than one who fails only this one', async () => {
    const everywhere = await history(atChance);
    const onlyHere = await history((o, i) => (o === 'm01.o1' ? atChance(o, i) : i !== 5));
    expect(everywhere('m01.o1')).toBeLessThan(onlyHere('m01.o1') - 0.1);
    // Near the guess itself: P(T) after each attempt no longer lifts a learner at chance.
    expect(everywhere('m01.o1')).toBeLessThan(PARAMS.pGuess + 0.1);
  });

  it('starts a new objective from the learner\'s evidence on the course\'s others', async () => {
    const failing = await history(atChance);
    const passing = await history((_o, i) => i !== 5);
    expect(failing('m02.o1')).toBeLessThan(passing('m02.o1') - 0.05);
  });

  it('is BKT alone at pChance 0 and pTestWise 0 (the model before the classes)', async () => {
    const everywhere = await history(atChance, { ...PARAMS, pChance: 0, pTestWise: 0 });
    const onlyHere = await history((o, i) => (o === 'm01.o1' ? atChance(o, i) : i !== 5), { ...PARAMS, pChance: 0, pTestWise: 0 });
    expect(everywhere('m01.o1')).toBeCloseTo(onlyHere('m01.o1'), 6);
  });

  it('fits the share of learners at chance by EM within 0.04 of the truth', () => {
    // 400 learners, 20 % at chance (right 0.25 of the time, never learning), the rest BKT at the defaults.
    const random = seededRandom(41);
    const lines: LogLine[] = [];
    for (let u = 0; u < 400; u++) {
      const chance = random() < 0.2;
      for (const o of OBJECTIVES) {
        let known = random() < BKT_DEFAULTS.pInit;
        for (let day = 0; day < 3; day++) {
          if (day > 0 && !known && !chance && random() < BKT_DEFAULTS.pLearn) known = true;
          for (let i = 0; i < 6; i++) {
            const correct = known && !chance ? random() >= BKT_DEFAULTS.pSlip : random() < BKT_DEFAULTS.pGuess;
            lines.push({ learner: `u${u}`, item: `${o}.${day}.${i}`, objective: o, at: at(day).toISOString(), correct, source: 'evaluacion', counted: true });
          }
        }
      }
    }
    // A log without rule hits cannot tell a test-wise rule from chance (chance.ts: there a rule class
    // predicts the guess): the share at chance is the chance class's and the rules' together.
    expect(Math.abs(fitChance(lines, BKT_DEFAULTS) + BKT_DEFAULTS.pTestWise - 0.2)).toBeLessThanOrEqual(0.04);
  });
});
