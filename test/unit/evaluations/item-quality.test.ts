import {
  attemptAnswers,
  difficultyOf,
  discriminationOf,
  itemKey,
  MIN_ANSWERS_FOR_DIFFICULTY,
  MIN_ANSWERS_TO_WITHDRAW,
  statisticalWithdrawal,
  type ItemSums,
} from '../../../lambdas/evaluations/item-quality';
import { itemsGraded, knownDifficulty } from '../../../lambdas/evaluations/item-withdrawal';
import type { ItemState, ItemStatsStore } from '../../../lambdas/evaluations/item-stats-store';
import type { EvaluationItem } from '../../../lambdas/course-model';

// Issue 41 item 3: difficulty and discrimination from running sums, and the items they withdraw.

/** The sums of answers given as [right, rest score] pairs, as the store's ADDs build them. */
const sumsOf = (answers: [number, number][]): ItemSums =>
  answers.reduce((s, [x, r]) => ({ n: s.n + 1, ok: s.ok + x, r: s.r + r, rr: s.rr + r * r, xr: s.xr + x * r }), { n: 0, ok: 0, r: 0, rr: 0, xr: 0 });
/** `n` learners spread evenly over rest scores 0..1; `right(rest)` says who answers the item right. */
const learners = (n: number, right: (rest: number, i: number) => boolean): [number, number][] =>
  Array.from({ length: n }, (_, i) => {
    const rest = i / (n - 1);
    return [right(rest, i) ? 1 : 0, rest];
  });

describe('item statistics', () => {
  it('computes the item-rest correlation from the sums as the textbook formula does', () => {
    const answers = learners(40, (rest, i) => rest > 0.4 || i % 5 === 0);
    const x = answers.map((a) => a[0]);
    const r = answers.map((a) => a[1]);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const [mx, mr] = [mean(x), mean(r)];
    const cov = mean(x.map((xi, i) => (xi - mx) * (r[i] - mr)));
    const sd = (v: number[], m: number) => Math.sqrt(mean(v.map((vi) => (vi - m) ** 2)));
    expect(discriminationOf(sumsOf(answers))).toBeCloseTo(cov / (sd(x, mx) * sd(r, mr)), 10);
  });

  it('withdraws an item with negative discrimination: those who do well elsewhere miss it (a wrong key)', () => {
    const backwards = sumsOf(learners(MIN_ANSWERS_TO_WITHDRAW, (rest, i) => rest < 0.5 || i % 7 === 0));
    expect(discriminationOf(backwards)).toBeLessThan(-0.1);
    expect(statisticalWithdrawal(backwards)).toBe('discrimina_al_reves');
  });

  it('keeps a sound item, and judges none before the minimum of answers', () => {
    const sound = sumsOf(learners(MIN_ANSWERS_TO_WITHDRAW, (rest, i) => rest > 0.3 || i % 4 === 0));
    expect(discriminationOf(sound)).toBeGreaterThan(0.3);
    expect(statisticalWithdrawal(sound)).toBeUndefined();
    const early = sumsOf(learners(MIN_ANSWERS_TO_WITHDRAW - 1, (rest) => rest < 0.5));
    expect(statisticalWithdrawal(early)).toBeUndefined();
  });

  it('withdraws an item everyone gets right, and gives a difficulty only from the stated minimum', () => {
    const easy = sumsOf(learners(MIN_ANSWERS_TO_WITHDRAW, (_, i) => i !== 3));
    expect(statisticalWithdrawal(easy)).toBe('demasiado_facil');
    expect(difficultyOf(sumsOf(learners(MIN_ANSWERS_FOR_DIFFICULTY - 1, () => true)))).toBeUndefined();
    expect(difficultyOf(sumsOf(learners(MIN_ANSWERS_FOR_DIFFICULTY, (_, i) => i % 3 === 0)))).toBeCloseTo(10 / 30);
  });

  it('scores each answer against the rest of its attempt, never itself', () => {
    const graded = [{ preguntaId: 'a', correcta: true }, { preguntaId: 'b', correcta: false }, { preguntaId: 'c', correcta: true }];
    expect(attemptAnswers(graded)).toEqual([{ preguntaId: 'a', x: 1, r: 0.5 }, { preguntaId: 'b', x: 0, r: 1 }, { preguntaId: 'c', x: 1, r: 0.5 }]);
  });

  it('names an item by its text: the same question under two banks\' ids is one item, another key is another', () => {
    const q = { enunciado: '¿Qué mide la exposición?', opciones: ['La luz', 'El color', 'El tamaño', 'La distancia'], correcta: 'A' as const };
    expect(itemKey(q)).toBe(itemKey({ ...q, enunciado: '¿Qué  mide la EXPOSICIÓN?', opciones: ['El color', 'La luz', 'El tamaño', 'La distancia'], correcta: 'B' }));
    expect(itemKey(q)).not.toBe(itemKey({ ...q, correcta: 'B' }));
  });
});

describe('a graded attempt and the items it withdraws', () => {
  const question = (i: number) => ({ preguntaId: `q${i}`, lessonId: 'l01', enunciado: `Pregunta ${i}: ¿qué opción es la buena?`, opciones: [`uno ${i}`, `dos ${i}`, `tres ${i}`, `cuatro ${i}`], correcta: 'ABCD'[i % 4] as 'A' });
  const bank = { courseId: 'c1', moduleId: 'm01', version: 'v1', estado: 'lista', preguntas: Array.from({ length: 20 }, (_, i) => question(i)) } as unknown as EvaluationItem;

  it('withdraws from every bank an item whose sums now discriminate backwards, and from the learner\'s own', async () => {
    const wrongKey = itemKey(bank.preguntas[0]);
    const before: Record<string, ItemState> = { [wrongKey]: sumsOf(learners(MIN_ANSWERS_TO_WITHDRAW - 1, (rest) => rest < 0.5)) };
    const withdrawnItems: string[] = [];
    const items: ItemStatsStore = {
      add: async (answers) => Object.fromEntries(answers.map((a) => {
        const s = before[a.itemKey] ?? { n: 0, ok: 0, r: 0, rr: 0, xr: 0 };
        return [a.itemKey, { n: s.n + 1, ok: s.ok + a.x, r: s.r + a.r, rr: s.rr + a.r * a.r, xr: s.xr + a.x * a.r }];
      })),
      withdraw: async (key) => (withdrawnItems.push(key), true),
      read: async () => ({}),
    };
    const local: string[] = [];
    // A learner who answers everything else right misses q0: one more backwards answer, the 50th.
    const graded = bank.preguntas.map((q, i) => ({ preguntaId: q.preguntaId, correcta: i !== 0 }));
    const out = await itemsGraded({ items, stats: { withdraw: async (_, __, id) => (local.push(id), true) }, now: () => 0 }, 'u1', bank, graded);
    expect(out).toEqual([{ preguntaId: 'q0', motivo: 'discrimina_al_reves' }]);
    expect(withdrawnItems).toEqual([wrongKey]);
    expect(local).toEqual(['q0']);
  });
});

describe("the learner model's item difficulty", () => {
  it('gives a question its item\'s share right from the stated minimum of answers on, and nothing before', async () => {
    const q = (id: string, n: number) => ({ preguntaId: id, enunciado: `¿Pregunta ${n}?`, opciones: ['a', 'b', 'c', 'd'], correcta: 'A' as const });
    const bank = { preguntas: [q('p1', 1), q('p2', 2)] } as unknown as EvaluationItem;
    const sums: Record<string, ItemState> = {
      [itemKey(bank.preguntas[0])]: sumsOf(learners(MIN_ANSWERS_FOR_DIFFICULTY, (_, i) => i % 2 === 0)),
      [itemKey(bank.preguntas[1])]: sumsOf(learners(MIN_ANSWERS_FOR_DIFFICULTY - 1, () => true)),
    };
    const items = { add: async () => ({}), withdraw: async () => false, read: async (keys: string[]) => Object.fromEntries(keys.filter((k) => sums[k]).map((k) => [k, sums[k]])) };
    expect(await knownDifficulty({ items, stats: { withdraw: async () => false } }, bank, ['p1', 'p2'])).toEqual({ p1: 0.5 });
  });
});
