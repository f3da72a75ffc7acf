import { learnerModel, memoryMasteryStore, type Evidence } from '../../../lambdas/learner-model';
import { accuracyBelow, recentAgree } from '../../../lambdas/learner-model/credible';
import { applyEvidence } from '../../../lambdas/learner-model/learner-model';

// "Dominado"'s credible bound weighs each answer by its item's known difficulty (issue 41 item 2):
// a run of right answers on easy items is not mastery (under 3PL the learners shown "dominado"
// while not knowing had runs of 20–26 right at 0.7–0.8 accuracy), one on hard items says more.

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse('2026-03-02T10:00:00Z') + days * DAY);

/** 21 right answers over three days, seven new items a day, each of difficulty index `dificultad`. */
async function threeDaysRight(dificultad: number) {
  let now = at(0);
  const model = learnerModel(memoryMasteryStore(), () => now);
  for (let d = 0; d < 3; d++) {
    now = at(d);
    const batch = Array.from({ length: 7 }, (_, i): Evidence => ({ objectiveKey: 'm01.o1', correct: true, source: 'evaluacion', itemId: `m01.q${d * 7 + i}`, dificultad }));
    await model.recordEvidence('u1', 'c1', batch);
  }
  return (await model.readMastery('u1', 'c1'))['m01.o1'];
}

describe('"dominado" weighs each answer by its item\'s difficulty', () => {
  it('is the uniform-prior Beta bound when no difficulty is known: 18 right in a row pass, 17 do not', () => {
    expect(accuracyBelow('1'.repeat(18), undefined)).toBeCloseTo(0.85 ** 19, 5);
    expect(recentAgree('1'.repeat(17), Array(17).fill(0))).toBe(false);
    expect(recentAgree('1'.repeat(18), Array(18).fill(0))).toBe(true);
  });

  it('does not read a run of right answers on easy items as mastery', async () => {
    // Share right on first sight 0.9 against the average item's 0.6: each right answer says little.
    const easy = await threeDaysRight(0.9);
    expect(easy.p).toBeGreaterThan(0.95);
    expect(easy.nivel).toBe('en_progreso');
    // The same answers on items of average difficulty are "dominado".
    expect((await threeDaysRight(0.6)).nivel).toBe('dominado');
  });

  it('needs fewer right answers on hard items', () => {
    // Share right 0.3: 14 right in a row make 85 % on the average item credible; on average items they do not.
    const hard = Array(14).fill(-1.25);
    expect(recentAgree('1'.repeat(14), hard)).toBe(true);
    expect(recentAgree('1'.repeat(14))).toBe(false);
  });

  it('keeps each outcome\'s shift beside it, and reads an objective written before the shifts as average items', () => {
    const before = { courseId: 'c1', version: 1, updatedAt: at(0).toISOString(), objetivos: { 'm01.o1': { p: 0.9, n: 5, aciertos: 5, at: at(0).toISOString(), fuente: 'evaluacion' as const, dias: 1, recientes: '11111' } } };
    const next = applyEvidence(before, 'c1', [{ objectiveKey: 'm01.o1', correct: true, source: 'evaluacion', itemId: 'm01.q9', dificultad: 0.9 }], at(1).toISOString());
    const s = next.objetivos['m01.o1'];
    expect(s.recientes).toBe('111111');
    expect(s.desniveles).toHaveLength(6);
    expect(s.desniveles?.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(s.desniveles?.[5]).toBeGreaterThan(1);
  });
});
