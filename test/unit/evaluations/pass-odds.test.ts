import { EVALUATION_RULES, OPTION_LETTERS, PASS_MARK } from '../../../lambdas/contract';
import type { EvaluationItem, EvaluationVariant } from '../../../lambdas/course-model/course-items';
import { grade } from '../../../lambdas/evaluations/grading';
import { drawVariant, seenQuestions } from '../../../lambdas/evaluations/variants';
import { seededRandom } from '../../../infra/local/bedrock-faults';

// Issue 20: a pass is a public credential. With the real grading and drawing code, EVALUATION_RULES
// and PASS_MARK must make guessing and half-knowledge fail and real knowledge pass. The arithmetic
// (binomial tails) and this simulation are in docs/evaluations.md.

const N = EVALUATION_RULES.questionsPerAttempt;
const A = EVALUATION_RULES.attemptsPerDay;

/** The learners' choices are seeded (the local Bedrock's mulberry32), so a run is reproducible apart from the server's crypto draws. */
const seeded = seededRandom;

const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};
const tail = (n: number, k: number, p: number) => {
  let s = 0;
  for (let i = k; i <= n; i++) s += choose(n, i) * p ** i * (1 - p) ** (n - i);
  return s;
};

let next = 0;
/** A synthetic bank question with its key wherever the random source puts it; ids and texts never repeat. */
const question = (rand: () => number) => {
  const n = ++next;
  return {
    preguntaId: `s${n}`, lessonId: 'l01', enunciado: `Pregunta ${n}`, opciones: ['a', 'b', 'c', 'd'].map((o) => `${n}-${o}`),
    correcta: OPTION_LETTERS[Math.floor(rand() * 4)], explicacion: 'x',
  };
};
const bankOf = (size: number, rand: () => number): EvaluationItem => ({ courseId: 'c', moduleId: 'm01', estado: 'lista', version: 'b', preguntas: Array.from({ length: size }, () => question(rand)) });
const shownKey = (e: EvaluationItem, v: EvaluationVariant, id: string) => {
  const q = e.preguntas.find((x) => x.preguntaId === id)!;
  const orden = v.preguntas.find((p) => p.preguntaId === id)!.orden;
  return OPTION_LETTERS[orden.indexOf(OPTION_LETTERS.indexOf(q.correcta))];
};

/** One graded attempt with the real code; `known(id)` says whether the learner knows that question. */
function attempt(e: EvaluationItem, rand: () => number, known: (id: string) => boolean) {
  const v = drawVariant(e, seenQuestions(e.intentos), N)!;
  const answers = v.preguntas.map(({ preguntaId }) => ({ preguntaId, opcion: known(preguntaId) ? shownKey(e, v, preguntaId) : OPTION_LETTERS[Math.floor(rand() * 4)] }));
  return grade(e, v, { answers }, {}).result;
}

/** Share of learners passing within `attempts` attempts (fresh bank each), each knowing a share of it. */
function passRate(learners: number, attempts: number, knows: number, seed: number) {
  const rand = seeded(seed);
  let passed = 0;
  for (let l = 0; l < learners; l++) {
    const e = bankOf(N * attempts, rand);
    const knownIds = new Set(e.preguntas.filter(() => rand() < knows).map((q) => q.preguntaId));
    for (let a = 0; a < attempts; a++) {
      const r = attempt(e, rand, (id) => knownIds.has(id));
      e.intentos = [...(e.intentos ?? []), { version: 'v', score: r.score, aprobado: r.aprobado, fecha: '', respuestas: {}, preguntas: r.resultados.map((x) => x.preguntaId) }];
      if (r.aprobado) {
        passed++;
        break;
      }
    }
  }
  return passed / learners;
}

describe('what a pass certifies (issue 20)', () => {
  // The fewest right answers grade() passes: found with the real code, not assumed.
  const least = Array.from({ length: N + 1 }, (_, k) => k).find((k) => Math.round((k / N) * 100) >= PASS_MARK)!;
  const perDay = (p: number) => 1 - (1 - tail(N, least, p)) ** A;

  it('uses 20 questions, 85 % (17 right) and 2 attempts a day', () => {
    expect({ N, A, PASS_MARK, least }).toEqual({ N: 20, A: 2, PASS_MARK: 85, least: 17 });
  });

  it('by the binomial tails: guessing passes a day below 1/1000, half-knowledge below 10 %, 90 % passes a first attempt above 80 %', () => {
    expect(perDay(0.25)).toBeLessThan(1e-3); // ≈ 5.9e-8
    expect(perDay(0.5 + 0.5 * 0.25)).toBeLessThan(0.1); // ≈ 0.054
    expect(tail(N, least, 0.9 + 0.1 * 0.25)).toBeGreaterThan(0.8); // ≈ 0.94
    // A week of allowed attempts by pure guessing: still far below 1/1000 (≈ 4.1e-7).
    expect(1 - (1 - tail(N, least, 0.25)) ** (7 * A)).toBeLessThan(1e-3);
  });

  it('by simulation over grade() and drawVariant: the same three bounds', () => {
    // Expected passes by guessing in 5,000 days: 0.0003; a pass here would be a one-in-a-million run.
    expect(passRate(5_000, A, 0, 1)).toBe(0);
    expect(passRate(4_000, A, 0.5, 2)).toBeLessThan(0.1); // ≈ 0.05 (standard error 0.004)
    expect(passRate(2_000, 1, 0.9, 3)).toBeGreaterThan(0.8); // ≈ 0.94 (standard error 0.005)
  });

  it('eliminating options and memorizing right answers across a week of attempts does not pass a learner who knows nothing', () => {
    const rand = seeded(4);
    const week = 7 * A;
    let passes = 0;
    for (let l = 0; l < 100; l++) {
      const e = bankOf(N * A, rand);
      // Everything Mentora hands back, keyed by question and by option text: right ones to repeat, wrong ones to avoid.
      const right = new Set<string>();
      const wrong = new Set<string>();
      const met = new Set<string>();
      for (let a = 0; a < week; a++) {
        // The bank is topped up with new questions when the unseen ones cannot fill an attempt (the model job).
        if (!drawVariant(e, seenQuestions(e.intentos), N)) e.preguntas.push(...bankOf(N * A, rand).preguntas);
        const v = drawVariant(e, seenQuestions(e.intentos), N)!;
        const answers = v.preguntas.map(({ preguntaId, orden }) => {
          expect(met.has(preguntaId)).toBe(false); // never drawn twice
          met.add(preguntaId);
          const q = e.preguntas.find((x) => x.preguntaId === preguntaId)!;
          const shown = orden.map((from, i) => ({ opcion: OPTION_LETTERS[i], texto: q.opciones[from] }));
          const pick = shown.find((o) => right.has(o.texto)) ?? shown.filter((o) => !wrong.has(o.texto))[Math.floor(rand() * shown.filter((o) => !wrong.has(o.texto)).length)] ?? shown[0];
          return { preguntaId, opcion: pick.opcion, texto: pick.texto };
        });
        const { result } = grade(e, v, { answers: answers.map(({ preguntaId, opcion }) => ({ preguntaId, opcion })) }, {});
        for (const r of result.resultados) (r.correcta ? right : wrong).add(answers.find((x) => x.preguntaId === r.preguntaId)!.texto);
        e.intentos = [...(e.intentos ?? []), { version: 'v', score: result.score, aprobado: result.aprobado, fecha: '', respuestas: {}, preguntas: v.preguntas.map((p) => p.preguntaId) }];
        if (result.aprobado) passes++;
      }
      // What was learned never applies: every question after the first attempt was new.
      expect(met.size).toBe(week * N);
    }
    expect(passes).toBe(0);
  });
});
