import { learnerModel, memoryMasteryStore, MASTERY, type Evidence } from '../../../lambdas/learner-model';

// Issue 41 item 5: evidence that is evidence (docs/learning.md "Independent evidence"). An item counts
// once a day: an answer again to the same item, or to one whose feedback was just read (its review
// card, the same `claveOrigen`), tells what the feedback said, not what the learner knows.

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse('2026-03-02T10:00:00Z') + days * DAY);

function clockModel() {
  let now = at(0);
  const model = learnerModel(memoryMasteryStore(), () => now);
  return { model, set: (d: Date) => (now = d) };
}

const open = (correct: boolean): Evidence => ({ objectiveKey: 'm01.o1', correct, source: 'abierta', itemId: 'm01.l01.q1' });

describe('independent evidence', () => {
  it('replays the issue: the same open question answered again with the missing words does not reach mastery', async () => {
    const { model, set } = clockModel();
    await model.recordEvidence('u1', 'c1', [open(false)]);
    const first = (await model.readMastery('u1', 'c1'))['m01.o1'].p;
    expect(first).toBeLessThan(0.2);
    // Three more requests within minutes, each graded `correcta` (the answer now names what the feedback said was missing).
    for (let i = 1; i <= 3; i++) {
      set(new Date(at(0).getTime() + i * 60_000));
      await model.recordEvidence('u1', 'c1', [open(true)]);
    }
    const after = (await model.readMastery('u1', 'c1'))['m01.o1'];
    expect(after.p).toBeCloseTo(first, 3);
    expect(after.evidencias).toBe(1);
    expect(after.nivel).toBe('por_reforzar');
  });

  it('counts the same item once within a batch, and a repeat on a later day as weaker evidence than a new item', async () => {
    const a = clockModel();
    const twice = [0, 1].map((): Evidence => ({ objectiveKey: 'm01.o1', correct: true, source: 'evaluacion', itemId: 'm01.q1' }));
    await a.model.recordEvidence('u1', 'c1', twice);
    expect((await a.model.readMastery('u1', 'c1'))['m01.o1'].evidencias).toBe(1);

    // Day 2: the same item again (its feedback read since) vs a new item, both right.
    const repeat = clockModel(), fresh = clockModel();
    for (const m of [repeat, fresh]) await m.model.recordEvidence('u1', 'c1', [{ objectiveKey: 'm01.o1', correct: false, source: 'evaluacion', itemId: 'm01.q1' }]);
    for (const m of [repeat, fresh]) m.set(at(1));
    await repeat.model.recordEvidence('u1', 'c1', [{ objectiveKey: 'm01.o1', correct: true, source: 'evaluacion', itemId: 'm01.q1' }]);
    await fresh.model.recordEvidence('u1', 'c1', [{ objectiveKey: 'm01.o1', correct: true, source: 'evaluacion', itemId: 'm01.q2' }]);
    const r = (await repeat.model.readMastery('u1', 'c1'))['m01.o1'];
    const f = (await fresh.model.readMastery('u1', 'c1'))['m01.o1'];
    expect(r.evidencias).toBe(2);
    expect(r.p).toBeLessThan(f.p);
  });

  it('logs every graded answer for the fit, counted or not, in the same write', async () => {
    const store = memoryMasteryStore();
    const put = jest.spyOn(store, 'put');
    const model = learnerModel(store, () => at(0));
    await model.recordEvidence('u1', 'c1', [open(false), open(true)]);
    expect(put).toHaveBeenCalledTimes(1);
    const item = await store.get('u1', 'c1', true);
    expect(item?.registro).toEqual([
      ['m01.l01.q1', 'm01.o1', at(0).toISOString(), 0, 'abierta', 1],
      ['m01.l01.q1', 'm01.o1', at(0).toISOString(), 1, 'abierta', 0],
    ]);
    // Reads leave the log behind.
    expect((await store.get('u1', 'c1'))?.registro).toBeUndefined();
  });

  it('needs evidence on two days before "dominado"', async () => {
    const { model, set } = clockModel();
    const right = (q: string): Evidence => ({ objectiveKey: 'm01.o1', correct: true, source: 'evaluacion', itemId: q });
    await model.recordEvidence('u1', 'c1', Array.from({ length: 17 }, (_, i) => right(`q${i + 1}`)));
    const one = (await model.readMastery('u1', 'c1'))['m01.o1'];
    expect(one.p).toBeGreaterThanOrEqual(MASTERY);
    expect(one.nivel).toBe('en_progreso');
    set(at(1));
    await model.recordEvidence('u1', 'c1', [right('q18')]);
    expect((await model.readMastery('u1', 'c1'))['m01.o1'].nivel).toBe('dominado');
  });
});

// Issue 41: what a graded attempt's result reads ("Te falta" or "Aún no está claro"), answered by the
// write recordEvidence already makes: P(known) of the batch's objectives given every answer so far.
describe('what recordEvidence answers', () => {
  const attempt = (day: number, right: number): Evidence[] =>
    Array.from({ length: 6 }, (_, i) => ({ objectiveKey: 'm01.o1', correct: i < right, source: 'evaluacion', itemId: `m01.d${day}.q${i}` }));

  it('weighs the same attempt by the learner\'s earlier answers, only for the batch\'s objectives', async () => {
    const after = async (earlier: boolean) => {
      const { model, set } = clockModel();
      await model.recordEvidence('u1', 'c1', [...attempt(0, earlier ? 6 : 0), { objectiveKey: 'm01.o2', correct: true, source: 'evaluacion', itemId: 'm01.x' }]);
      set(at(1));
      return model.recordEvidence('u1', 'c1', attempt(1, 3));
    };
    const [knew, failed] = [await after(true), await after(false)];
    expect(Object.keys(knew!)).toEqual(['m01.o1']);
    expect(knew!['m01.o1']).toBeGreaterThan(0.1);
    expect(failed!['m01.o1']).toBeLessThan(0.1);
  });
});
