import { OPTION_LETTERS, PASS_MARK, EVALUATION_RULES, type BloomLevel, type Objective } from '../../lambdas/contract';
import type { EvaluationItem, OutlineModule } from '../../lambdas/course-model';
import { grade } from '../../lambdas/evaluations/grading';
import { drawVariant } from '../../lambdas/evaluations/variants';
import { learnerModel, memoryMasteryStore } from '../../lambdas/learner-model';
import type { BankQuestion } from '../../lambdas/shared/ai/schemas';
// mulberry32, the local model's seeded generator: a run's learners are the same every time.
import { seededRandom as rng } from '../../infra/local/bedrock-faults';
import { tail } from './learners/metrics';

// Issue 32's simulation over the real code, in process: scripted learners with seeded knowledge
// (which objectives each knows, a slip and a guess rate, a chance to learn an objective when the
// result sends them to study it) take each module's attempts as the API would run them — the real
// coverage draw (drawVariant), grading with per-objective feedback (grade) and the learner model
// (BKT, learnerModel) — and the figures say how well it all diagnoses them. Used by
// `npm run bench learning` and, smaller, by test/unit/learner-model/simulation.test.ts.

export interface SimOptions {
  learners: number;
  modules: number;
  objectives: number;
  seed: number;
  slip: number;
  guess: number;
  /** Chance an unknown objective is learnt when the result says "Te falta" for it. */
  learnFromRemediation: number;
  /** Share of learners who know nothing and never learn (the guessing check). */
  knowNothing: number;
  maxAttempts: number;
  /** false: the learner studies a random objective instead of the diagnosed ones (the loop off). */
  diagnosed: boolean;
}
export const SIM_DEFAULTS: SimOptions = { learners: 200, modules: 3, objectives: 3, seed: 32, slip: 0.1, guess: 0.25, learnFromRemediation: 0.6, knowNothing: 0.1, maxAttempts: 8, diagnosed: true };

const BLOOMS: BloomLevel[] = ['recordar', 'comprender', 'aplicar'];

function outlineOf(objectives: number): Pick<OutlineModule, 'objetivos' | 'lecciones'> {
  const objetivos: Objective[] = Array.from({ length: objectives }, (_, i) => ({ id: `o${i + 1}`, enunciado: `Objetivo ${i + 1} del módulo`, bloom: 'aplicar' }));
  return { objetivos, lecciones: objetivos.map((o, i) => ({ lessonId: `l0${i + 1}`, titulo: `Lección ${i + 1}`, resumen: '', objetivos: [o.id] })) };
}

let nextId = 0;
/** A bank's worth of questions, as the offline writer spreads them: per objective in turn, 2 of 3 above recall. */
function questions(n: number, objectives: number, random: () => number): BankQuestion[] {
  return Array.from({ length: n }, (_, i) => ({
    preguntaId: `q${nextId++}`,
    lessonId: `l0${(i % objectives) + 1}`,
    objetivoId: `o${(i % objectives) + 1}`,
    bloom: BLOOMS[i % 3],
    enunciado: `Pregunta ${i}`,
    opciones: ['a', 'b', 'c', 'd'],
    conceptosErroneos: ['', 'x', 'y', 'z'],
    correcta: OPTION_LETTERS[Math.floor(random() * 4)],
    explicacion: 'e',
  }));
}

/** Area under the ROC curve: the chance a known objective's estimate ranks above an unknown one's (ties count half). */
export function auc(scores: { p: number; known: boolean }[]): number {
  const pos = scores.filter((s) => s.known).map((s) => s.p);
  const neg = scores.filter((s) => !s.known).map((s) => s.p);
  if (!pos.length || !neg.length) return NaN;
  let wins = 0;
  for (const a of pos) for (const b of neg) wins += a > b ? 1 : a === b ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

export interface SimFigures {
  learners: number;
  /** Mastery estimate after each module's first attempt vs the seeded truth at that time. */
  auc: number;
  /** Of the objectives a failed attempt said "Te falta", the share the learner truly did not know. */
  diagnosisPrecision: number;
  /** Of the objectives truly unknown in a failed attempt, the share it said "Te falta". */
  diagnosisRecall: number;
  /** Mean attempts to pass a module, for learners who know something (passes within maxAttempts). */
  attemptsToPass: number;
  passedShare: number;
  /** Pass rate per attempt of know-nothing learners, and the binomial odds of guessing a pass. */
  knowNothingPassRate: number;
  guessingOdds: number;
}

export async function simulate(options: Partial<SimOptions> = {}): Promise<SimFigures> {
  const o = { ...SIM_DEFAULTS, ...options };
  const random = rng(o.seed);
  const model = learnerModel(memoryMasteryStore());
  const outline = outlineOf(o.objectives);
  const titles = Object.fromEntries(outline.lecciones.map((l) => [l.lessonId, l.titulo]));
  const size = EVALUATION_RULES.questionsPerAttempt;
  const scores: { p: number; known: boolean }[] = [];
  let flagged = 0, flaggedRight = 0, unknownInFailed = 0, unknownFlagged = 0;
  const attemptsToPass: number[] = [];
  let modulesTried = 0, nothingAttempts = 0, nothingPasses = 0;
  for (let u = 0; u < o.learners; u++) {
    const userId = `u${u}`;
    const nothing = random() < o.knowNothing;
    for (let m = 1; m <= o.modules; m++) {
      const moduleId = `m0${m}`;
      const known = new Map(outline.objetivos!.map((x) => [x.id, !nothing && random() < 0.5]));
      const e: EvaluationItem = { courseId: 'c1', moduleId, estado: 'lista', version: 'b1', preguntas: questions(2 * size, o.objectives, random), intentos: [] };
      modulesTried += nothing ? 0 : 1;
      for (let attempt = 1; attempt <= o.maxAttempts; attempt++) {
        let variant = drawVariant(e);
        if (!variant) {
          // The top-up job: new questions once the unseen ones cannot fill an attempt.
          e.preguntas.push(...questions(2 * size, o.objectives, random));
          variant = drawVariant(e)!;
        }
        const bank = new Map(e.preguntas.map((q) => [q.preguntaId, q]));
        const answers = variant.preguntas.map(({ preguntaId, orden }) => {
          const q = bank.get(preguntaId)!;
          const key = OPTION_LETTERS.indexOf(q.correcta);
          const knows = known.get(q.objetivoId!) ?? false;
          const right = knows ? random() >= o.slip : random() < o.guess;
          const wrong = [0, 1, 2, 3].filter((i) => i !== key);
          const chosen = right ? key : wrong[Math.floor(random() * 3)];
          return { preguntaId, opcion: OPTION_LETTERS[orden.indexOf(chosen)] };
        });
        const { result, respuestas } = grade(e, variant, { varianteId: variant.id, answers }, titles, outline);
        e.intentos!.push({ version: variant.id, score: result.score, aprobado: result.aprobado, fecha: new Date().toISOString(), respuestas, preguntas: variant.preguntas.map((p) => p.preguntaId) });
        await model.recordEvidence(userId, 'c1', result.resultados.map((r) => ({ objectiveKey: `${moduleId}.${r.objetivoId}`, correct: r.correcta, source: 'evaluacion' as const })));
        if (nothing) {
          nothingAttempts++;
          if (result.aprobado) nothingPasses++;
        }
        if (attempt === 1 && !nothing) {
          const mastery = await model.readMastery(userId, 'c1');
          for (const [id, k] of known) scores.push({ p: mastery[`${moduleId}.${id}`]?.p ?? 0, known: k });
        }
        if (result.aprobado) {
          if (!nothing) attemptsToPass.push(attempt);
          break;
        }
        const teFalta = (result.objetivos ?? []).filter((x) => !x.domina).map((x) => x.id);
        for (const [id, k] of known) {
          if (!k) unknownInFailed++;
          if (!k && teFalta.includes(id)) unknownFlagged++;
        }
        flagged += teFalta.length;
        flaggedRight += teFalta.filter((id) => !known.get(id)).length;
        if (nothing) continue;
        // Studying: the diagnosed objectives (the loop), or one at random (the loop off).
        const studied = o.diagnosed ? teFalta : [outline.objetivos![Math.floor(random() * o.objectives)].id];
        for (const id of studied) if (!known.get(id) && random() < o.learnFromRemediation) known.set(id, true);
      }
    }
  }
  const passMark = Math.ceil((PASS_MARK / 100) * size);
  return {
    learners: o.learners,
    auc: auc(scores),
    diagnosisPrecision: flagged ? flaggedRight / flagged : NaN,
    diagnosisRecall: unknownInFailed ? unknownFlagged / unknownInFailed : NaN,
    attemptsToPass: attemptsToPass.reduce((a, b) => a + b, 0) / Math.max(attemptsToPass.length, 1),
    passedShare: attemptsToPass.length / Math.max(modulesTried, 1),
    knowNothingPassRate: nothingAttempts ? nothingPasses / nothingAttempts : 0,
    guessingOdds: tail(size, passMark, o.guess),
  };
}
