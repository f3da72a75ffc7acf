import { seededRandom } from '../../../infra/local/bedrock-faults';
import { ruleEvidenceOf } from '../../../lambdas/evaluations/rule-evidence';
import { BKT_DEFAULTS, learnerModel, memoryMasteryStore, predictRight, type Evidence } from '../../../lambdas/learner-model';
import { fitClasses, type LogLine } from '../../../lambdas/learner-model/fit';
import { TEST_WISE_RULES } from '../../../lambdas/shared/ai/test-wise';

// Issue 41: the learner model's test-wise classes (lambdas/learner-model/chance.ts). A learner who
// answers by a rule (here the longest option, `larga`) is right exactly where the rule finds the key;
// an oracle that knows the rule predicts every answer. The model reads each answer's rule hits
// (computed where the question is graded) and learns the learner's rule from the course's answers;
// and answers the rule explains are not evidence of knowledge: they do not make "dominado".

const DAY = 86_400_000;
const at = (day: number) => new Date(Date.parse('2026-03-02T10:00:00Z') + day * DAY);
const PARAMS = { ...BKT_DEFAULTS, pLearn: 0.3, pChance: 0.05, pTestWise: 0.05 };
const OBJECTIVES = ['m01.o1', 'm01.o2', 'm01.o3'];
const LARGA = TEST_WISE_RULES.indexOf('larga');
/** Hits where only `larga` finds the key (1) or misses it (0); the other rules at chance. */
const hits = (larga: number) => TEST_WISE_RULES.map((_, i) => (i === LARGA ? larga : 0.25));

/** Four attempts on four days, 6 answers per objective; `larga(o, i)` the rule's hit on each item; `right` decides each answer. */
async function history(larga: (o: string, i: number) => number, right: (o: string, hit: number, i: number) => boolean, params = PARAMS) {
  let day = 0;
  const model = learnerModel(memoryMasteryStore(), { now: () => at(day), params });
  for (; day < 4; day++) {
    const batch: Evidence[] = OBJECTIVES.flatMap((o) => Array.from({ length: 6 }, (_, i) => ({ objectiveKey: o, correct: right(o, larga(o, i), i), source: 'evaluacion' as const, itemId: `${o}.d${day}.q${i}`, reglas: hits(larga(o, i)) })));
    await model.recordEvidence('u1', 'c1', batch);
  }
  const item = await model.states('u1', 'c1');
  return { model, predict: (key: string, hit: number) => predictRight(item, key, { source: 'evaluacion', itemId: 'new', reglas: hits(hit) }, at(day), params) };
}

/** A legacy bank: `larga` finds every key of o1 and half of the others'. */
const legacy = (o: string, i: number) => (o === 'm01.o1' || i % 2 === 0 ? 1 : 0);
const byRule = (_o: string, hit: number) => hit === 1;

describe('the test-wise classes', () => {
  it("predicts a rule-follower's next answer from the rule's hit on the item", async () => {
    const { predict } = await history(legacy, byRule);
    expect(predict('m01.o2', 1)).toBeGreaterThan(0.8);
    expect(predict('m01.o2', 0)).toBeLessThan(0.1);
  });

  it('does not show "dominado" for an objective whose right answers the rule explains', async () => {
    const { model } = await history(legacy, byRule);
    const o1 = (await model.readMastery('u1', 'c1'))['m01.o1'];
    // 24 right in a row on o1 over four days: BKT alone would call it mastered.
    expect(o1.aciertos).toBe(24);
    expect(o1.nivel).not.toBe('dominado');
    expect(o1.p).toBeLessThan(0.1);
    const alone = await history(legacy, byRule, { ...PARAMS, pTestWise: 0 });
    expect((await alone.model.readMastery('u1', 'c1'))['m01.o1'].nivel).toBe('dominado');
  });

  it('leaves a learner who knows the course as before: right whatever the rule says', async () => {
    const knows = (_o: string, _h: number, i: number) => i !== 5;
    const withClasses = await history(legacy, knows);
    const without = await history(legacy, knows, { ...PARAMS, pTestWise: 0 });
    const a = (await withClasses.model.readMastery('u1', 'c1'))['m01.o2'];
    const b = (await without.model.readMastery('u1', 'c1'))['m01.o2'];
    expect(a.p).toBeCloseTo(b.p, 3);
    expect(withClasses.predict('m01.o2', 0)).toBeCloseTo(without.predict('m01.o2', 0), 2);
  });

  it('fits the shares at chance and by a rule by EM within 0.04 of the truth', () => {
    // 400 learners: 20 % at chance, 15 % by `larga`, the rest BKT at the defaults; items hit by larga half the time.
    const random = seededRandom(41);
    const lines: LogLine[] = [];
    for (let u = 0; u < 400; u++) {
      const kind = random();
      const chance = kind < 0.2, rule = kind >= 0.2 && kind < 0.35;
      for (const o of OBJECTIVES) {
        let known = random() < BKT_DEFAULTS.pInit;
        for (let day = 0; day < 3; day++) {
          if (day > 0 && !known && !chance && !rule && random() < BKT_DEFAULTS.pLearn) known = true;
          for (let i = 0; i < 6; i++) {
            const hit = random() < 0.5 ? 1 : 0;
            // The other rules find a key a quarter of the time, item by item (at 0.25 on every item a rule is chance itself).
            const reglas = TEST_WISE_RULES.map((_, r) => (r === LARGA ? hit : random() < 0.25 ? 1 : 0));
            const correct = rule ? hit === 1 : known && !chance ? random() >= BKT_DEFAULTS.pSlip : random() < BKT_DEFAULTS.pGuess;
            lines.push({ learner: `u${u}`, item: `${o}.${day}.${i}`, objective: o, at: at(day).toISOString(), correct, source: 'evaluacion', counted: true, reglas });
          }
        }
      }
    }
    const fitted = fitClasses(lines, BKT_DEFAULTS);
    expect(Math.abs(fitted.pChance - 0.2)).toBeLessThanOrEqual(0.04);
    expect(Math.abs(fitted.pTestWise - 0.15)).toBeLessThanOrEqual(0.04);
  });

  it('grading computes each question\'s rule hits from the bank question', () => {
    const q = { enunciado: '¿Qué regula la apertura del diafragma?', opciones: ['La luz que entra por el objetivo hasta el sensor', 'El color', 'El peso', 'La marca'], correcta: 'A' as const };
    const v = ruleEvidenceOf(q);
    expect(v).toHaveLength(TEST_WISE_RULES.length);
    expect(v[LARGA]).toBe(1);
    expect(v[TEST_WISE_RULES.indexOf('corta')]).toBe(0);
  });
});
