import { EVALUATION_RULES, OPTION_LETTERS, PASS_MARK, feedbackState, type BloomLevel, type FeedbackState, type Objective } from '../../../lambdas/contract';
import type { EvaluationItem, OutlineModule } from '../../../lambdas/course-model';
import { grade } from '../../../lambdas/evaluations/grading';
import { settleStates } from '../../../lambdas/evaluations/objective-feedback';
import type { Known } from '../../../lambdas/learner-model';
import { drawVariant } from '../../../lambdas/evaluations/variants';
import type { BankQuestion } from '../../../lambdas/shared/ai/schemas';
// mulberry32, the local model's seeded generator: a run's learners and banks are the same every time.
import { seededRandom } from '../../../infra/local/bedrock-faults';
import { elo, rawPercent, type Predictor } from './baselines';
import { simItem, type Generator, type SimItem, type SimLearner } from './generators';
import { balancedSimBank, simHits } from './sim-bank';
import type { RuleHits } from '../../../lambdas/evaluations/bank-balance';
import { hitVector, TEST_WISE_RULES } from '../../../lambdas/shared/ai/test-wise';
import { bayesOracle, type BayesOracle } from './bayes-oracle';
import { auc, logLoss, precisionAtCount, tail } from './metrics';
import { dominadoTally, type DominadoFigures } from './calibration';
import { modelUnderTest, type LoggedAnswer } from './model-under-test';
import type { MasteryStore } from '../../../lambdas/learner-model/mastery-store';

// One generator's run over the real code (issue 41 item 1): training learners first (the model's
// fit and the Elo item difficulties learn from them), then held-out learners, on whom every figure
// is measured. Each learner takes 3 modules (3 objectives each, one shared bank per module, as an
// aula or a featured course shares one), one attempt a day, studying after a failed one, and a
// spaced review of the modules passed (one unseen item per objective) before each new module and
// once more ten days after the last.

export interface RunOptions {
  learners: number;
  seed: number;
  /** true: study what "Te falta" names; false: the control, as many objectives drawn at random. */
  loop: boolean;
  maxAttempts: number;
  /** The Bayes oracle's particles per held-out learner (0: no Bayes oracle, as in the loop's comparison). */
  particles?: number;
  /**
   * Only the attempts to pass (the loop's comparison): the baselines, the fit and the figures are
   * skipped (neither draws from the learners' random stream), and the learner model too unless
   * `settle`. The loop acts on the graded result's states.
   */
  attemptsOnly?: boolean;
  /**
   * With `attemptsOnly`: the held-out learners' attempts still go to the learner model (its
   * parameters in force, params.json, not fitted), so the result's states settle as the product
   * settles them ("Dominas" needs the model's agreement, issue 41) and the loop studies what it shows.
   */
  settle?: boolean;
  /** The bank balance's cap (default the product's BALANCE_CAP; 1 leaves the writer's bank as written). */
  cap?: number;
  /** After studying, answer one Refuerzo guiado practice item per objective studied (`practise` below). */
  practice?: boolean;
  /** The learner model's store (default model-under-test.ts `sharedMasteryStore`). */
  store?: MasteryStore;
}

/**
 * CPU seconds (user + system) spent per phase by every `runGenerator` of this process, for the
 * bench's own profile (`npm run bench learning` prints it): building the banks, the training
 * learners, the fit, the held-out learners (the Bayes oracle apart) and the Bayes oracle.
 */
export const PHASES = { banks: 0, training: 0, fit: 0, heldOut: 0, oracle: 0 };
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const MODULES = 3, OBJECTIVES = 3, PER_OBJECTIVE = 60;
const BLOOMS: BloomLevel[] = ['recordar', 'comprender', 'aplicar'];
/** The P(known) a candidate "Dominas" would need besides the attempt's own rule (0: the attempt alone). */
const DOMINAS_AT = [0, 0.5, 0.8, 0.9, 0.95];

type Scored = { p: number; y: boolean };
export interface Figures {
  generator: string;
  /** The parameters fitted on the training learners. */
  fitted: object;
  /**
   * Next-answer prediction on held-out learners, answers on objectives with earlier evidence: the
   * model, the Bayes oracle (the posterior predictive under the generator's true process, given the
   * answers the model saw: bayes-oracle.ts), the latent oracle (the learner's true P(right) now),
   * raw percent right, Elo.
   */
  predictions: Record<'model' | 'bayes' | 'oracle' | 'raw' | 'elo', { auc: number; logLoss: number }>;
  /** Answers the Bayes oracle's particles could not explain (ignored by it). */
  impossible: number;
  /** Of objectives shown mastered at a session's start, the share truly known then (per predictor). */
  calibration: Record<'model' | 'raw' | 'elo', { shown: number; known: number }>;
  /** The model's "dominado" with its interval and recall (calibration.ts). */
  dominado: DominadoFigures;
  /** Estimate vs truth at each session's start, objectives with evidence. */
  masteryAuc: Record<'model' | 'raw' | 'elo', number>;
  /**
   * The result's states, learners who know something: objectives measured and of them truly unknown
   * (recall's denominator); per state ("Te falta", "Aún no está claro", "Dominas") shown and of them
   * unknown; and the two-state result before issue 41's third state ("Te falta" = not "Dominas").
   */
  states: { measured: number; measuredUnknown: number } & Record<FeedbackState | 'before', { shown: number; unknown: number }>;
  /**
   * "Te falta" precision of the baselines (issue 41 item 2) on the same measured objectives: each names
   * as many as the result named "Te falta", those it estimates lowest after the attempt (metrics.ts
   * `precisionAtCount`), and the share truly unknown of them.
   */
  teFaltaBaselines: Record<'raw' | 'elo', number>;
  /**
   * "Dominas" as the result says it, and as candidate rules would (the attempt shows it and the
   * learner model's P(known) after it is at least `at`): objectives read "Dominas", of them unknown.
   */
  dominas: { at: number; shown: number; unknown: number; knowAllShort: number }[];
  /** Passed attempts of learners who knew every objective of the module: the rule's `knowAllShort` of them left an objective short of "Dominas". */
  knowAllPassed: number;
  /** Pass rate per attempt of learners who know nothing (know-nothing and test-wise). */
  guessers: { attempts: number; passes: number };
  guessingOdds: number;
  /** The banks the learners met (balanced): per rule the mean share of keys it finds; items kept, written, refused by the balance. */
  bank: { rates: RuleHits; kept: number; written: number; refused: number };
  /** Attempts to pass a module, learners who know something (not passed within maxAttempts: maxAttempts + 1). */
  attempts: number[];
}

function outline(): Pick<OutlineModule, 'objetivos' | 'lecciones'> {
  const objetivos: Objective[] = Array.from({ length: OBJECTIVES }, (_, i) => ({ id: `o${i + 1}`, enunciado: `Objetivo ${i + 1}`, bloom: 'aplicar' }));
  return { objetivos, lecciones: objetivos.map((o, i) => ({ lessonId: `l0${i + 1}`, titulo: `Lección ${i + 1}`, resumen: '', objetivos: [o.id] })) };
}

/** A module's shared bank: written with the writer's bias, then balanced by the product's code (sim-bank.ts). */
function bank(moduleId: string, random: () => number, cap?: number) {
  const objectives = Array.from({ length: OBJECTIVES }, (_, o) => `${moduleId}.o${o + 1}`);
  const written = balancedSimBank(moduleId, objectives, OBJECTIVES * PER_OBJECTIVE, random, cap);
  const preguntas: BankQuestion[] = written.items.map((item, i) => {
    const o = item.objective.slice(-1);
    return {
      preguntaId: item.id, lessonId: `l0${o}`, objetivoId: `o${o}`, bloom: BLOOMS[i % 3], enunciado: `Pregunta ${i}`,
      opciones: ['a', 'b', 'c', 'd'], conceptosErroneos: item.misconceptions, correcta: OPTION_LETTERS[item.key], explicacion: 'e',
    };
  });
  return { items: new Map(written.items.map((x) => [x.id, x])), preguntas, written };
}

/** The banks' figures: per rule the mean share of keys it finds, items kept, written and refused. */
function bankFigures(banks: ReturnType<typeof bank>[]): Figures['bank'] {
  const rates = Object.fromEntries(TEST_WISE_RULES.map((r) => [r, banks.reduce((n, b) => n + b.written.rates[r], 0) / banks.length])) as RuleHits;
  const sum = (k: 'written' | 'refused') => banks.reduce((n, b) => n + b.written[k], 0);
  return { rates, kept: banks.reduce((n, b) => n + b.written.items.length, 0), written: sum('written'), refused: sum('refused') };
}

export async function runGenerator(gen: Generator, o: RunOptions): Promise<Figures> {
  const random = seededRandom(o.seed);
  let clock = cpu();
  /** Adds the CPU since the last lap to `phase`. */
  const lap = (phase: keyof typeof PHASES) => {
    const now = cpu();
    PHASES[phase] += now - clock;
    clock = now;
  };
  const banks = Array.from({ length: MODULES }, (_, m) => bank(`m0${m + 1}`, random, o.cap));
  lap('banks');
  const out = outline();
  const titles = Object.fromEntries(out.lecciones.map((l) => [l.lessonId, l.titulo]));
  const objectives = banks.flatMap((_, m) => out.objetivos!.map((x) => `m0${m + 1}.${x.id}`));
  const size = EVALUATION_RULES.questionsPerAttempt;
  const model = modelUnderTest(o.store);
  const raw = rawPercent();
  const el = elo();
  const preds = { model: [] as Scored[], bayes: [] as Scored[], oracle: [] as Scored[], raw: [] as Scored[], elo: [] as Scored[] };
  // The Bayes oracle's particles draw from a stream of their own: the learners and banks stay those of the seed.
  const particleRandom = seededRandom(o.seed + 0x9e3779b9);
  // The draw's shuffles (the product's crypto.randomInt) from a seeded stream of their own: a seed is the same run twice,
  // and the learners' stream is not moved by how many numbers a draw takes.
  const drawRandom = seededRandom(o.seed + 0x5eed);
  const drawInt = (n: number) => Math.floor(drawRandom() * n);
  // The Refuerzo guiado's practice items are written for the piece, not drawn from the bank: a stream of their own.
  const practiceRandom = seededRandom(o.seed + 0x7ac7);
  let practiceItems = 0;
  let impossible = 0;
  const cal = { model: { shown: 0, known: 0 }, raw: { shown: 0, known: 0 }, elo: { shown: 0, known: 0 } };
  const dominado = dominadoTally();
  const ranks = { model: [] as Scored[], raw: [] as Scored[], elo: [] as Scored[] };
  const count = () => ({ shown: 0, unknown: 0 });
  const dominas = DOMINAS_AT.map((at) => ({ at, shown: 0, unknown: 0, knowAllShort: 0 }));
  const f = { dominas, knowAllPassed: 0, states: { measured: 0, measuredUnknown: 0, domina: count(), incierto: count(), falta: count(), before: count() }, guessers: { attempts: 0, passes: 0 }, attempts: [] as number[] };
  /**
   * The Bayes oracle with its time counted apart. Its calls are many and short (a few per batch), and
   * reading the process's CPU (a system call) at each cost more than some of them: they are timed on
   * the monotonic clock, and the held-out learners' CPU is split between the oracle and the rest in
   * the proportion of the two clocks (on a machine shared by others, both wait alike).
   */
  let oracleMs = 0;
  const timed = (make: () => BayesOracle): BayesOracle => {
    const within = <T>(f: () => T): T => {
      const start = performance.now();
      const out = f();
      oracleMs += performance.now() - start;
      return out;
    };
    const b = within(make);
    return {
      get impossible() {
        return b.impossible;
      },
      predict: (items) => within(() => b.predict(items)),
      observe: (items, correct) => within(() => b.observe(items, correct)),
      between: () => within(() => b.between()),
      study: (x) => within(() => b.study(x)),
    };
  };
  let heldOutFrom = performance.now();
  const train: LoggedAnswer[] = [];
  /** Each measured objective's baseline estimates after the attempt, and whether it is unknown ("Te falta" at the model's count). */
  const measured = { raw: [] as Scored[], elo: [] as Scored[] };
  let fitted: object = {};

  for (let u = 0; u < 2 * o.learners; u++) {
    const heldOut = u >= o.learners;
    if (u === o.learners) {
      lap('training');
      heldOutFrom = performance.now();
      if (!o.attemptsOnly) {
        fitted = model.prepare(train);
        el.learning = false;
        lap('fit');
        heldOutFrom = performance.now();
      }
    }
    const id = `u${u}`;
    const learner: SimLearner = gen.make(objectives, random);
    const bayes: BayesOracle | undefined = heldOut && o.particles ? timed(() => bayesOracle(gen, objectives, particleRandom, o.particles!)) : undefined;
    const seen = new Set<string>();
    /** Objectives with evidence from an earlier batch: only their answers are predicted (a first answer has no history to predict from). */
    const evidenced = new Set<string>();
    const passed: string[] = [];
    let day = 0;
    const session = async () => {
      if (day > 0) {
        learner.between(random);
        bayes?.between();
      }
      day++;
      if (!heldOut || o.attemptsOnly) return;
      const est = await model.estimates(id, day);
      for (const x of objectives) {
        const truth = learner.knows(x);
        const m = est.get(x);
        if (m?.dominado) { cal.model.shown++; if (truth) cal.model.known++; }
        dominado.add(`${id}|${x}`, Boolean(m?.dominado), truth, Boolean(m) && !learner.guesser);
        if (raw.mastered(id, x)) { cal.raw.shown++; if (truth) cal.raw.known++; }
        if (el.mastered(id, x)) { cal.elo.shown++; if (truth) cal.elo.known++; }
        if (m && !learner.guesser) {
          ranks.model.push({ p: m.p, y: truth });
          ranks.raw.push({ p: raw.estimate(id, x), y: truth });
          ranks.elo.push({ p: el.estimate(id, x), y: truth });
        }
      }
    };
    /** Answers, predictions and evidence for one batch of items (an attempt or a review). */
    const answer = async (items: SimItem[], chosen: number[], source: 'evaluacion' | 'repaso'): Promise<Known | void> => {
      // Grading computes each question's rule hits from the bank (evaluations' rule-evidence.ts); a review card carries none.
      const batch = items.map((it, i) => ({ objective: it.objective, item: it.id, correct: chosen[i] === it.key, source, ...(source === 'evaluacion' && { reglas: hitVector(simHits(it)) }) }));
      if (o.attemptsOnly) return o.settle && heldOut ? model.record(id, day, batch) : undefined;
      if (heldOut) {
        const p = await model.predict(id, day, batch);
        const q = bayes?.predict(items);
        batch.forEach((a, i) => {
          if (!evidenced.has(a.objective)) return;
          preds.model.push({ p: p[i], y: a.correct });
          if (q) preds.bayes.push({ p: q[i], y: a.correct });
          preds.oracle.push({ p: learner.pRight(items[i]), y: a.correct });
          preds.raw.push({ p: raw.predict(id, a.objective, a.item), y: a.correct });
          preds.elo.push({ p: el.predict(id, a.objective, a.item), y: a.correct });
        });
        bayes?.observe(items, batch.map((a) => a.correct));
      } else train.push(...batch.map((a) => ({ ...a, learner: id, day })));
      const known = await model.record(id, day, batch);
      for (const a of batch) evidenced.add(a.objective);
      for (const p of [raw, el] as Predictor[]) p.observe(id, batch);
      return known;
    };
    /**
     * After studying, one practice item per objective studied, answered six hours after the attempt:
     * the product's Refuerzo guiado asks its practice items right after its explanation, and each
     * first answer is evidence (`practica`, docs/learning.md "The corrective loop"). The model, the
     * Bayes oracle and the baselines see them; they are not scored as predictions (the figures read
     * attempts and reviews, as before).
     */
    const practise = async (studied: readonly string[]) => {
      const items = [...new Set(studied)].map((x) => simItem(`${x}.p${practiceItems++}`, x, practiceRandom));
      if (!items.length) return;
      const chosen = items.map((it) => learner.choose(it, random));
      const batch = items.map((it, i) => ({ objective: it.objective, item: it.id, correct: chosen[i] === it.key, source: 'practica' as const }));
      const at = day + 0.25;
      if (o.attemptsOnly) {
        if (o.settle && heldOut) await model.record(id, at, batch);
        return;
      }
      if (heldOut) {
        bayes?.predict(items);
        bayes?.observe(items, batch.map((a) => a.correct));
      } else train.push(...batch.map((a) => ({ ...a, learner: id, day: at })));
      await model.record(id, at, batch);
      for (const a of batch) evidenced.add(a.objective);
      for (const p of [raw, el] as Predictor[]) p.observe(id, batch);
    };
    const review = async () => {
      const items = passed.flatMap((x) => {
        const m = Number(x.slice(1, 3)) - 1;
        const it = [...banks[m].items.values()].find((c) => c.objective === x && !seen.has(c.id));
        return it ? [it] : [];
      });
      if (!items.length) return;
      await session();
      items.forEach((it) => seen.add(it.id));
      await answer(items, items.map((it) => learner.choose(it, random)), 'repaso');
    };

    for (let m = 0; m < MODULES; m++) {
      const moduleId = `m0${m + 1}`;
      await review();
      const e: EvaluationItem = { courseId: 'c1', moduleId, estado: 'lista', version: 'b1', preguntas: banks[m].preguntas, intentos: [] };
      let passedAt = o.maxAttempts + 1;
      for (let attempt = 1; attempt <= o.maxAttempts; attempt++) {
        await session();
        const variant = drawVariant(e, seen, size, drawInt);
        if (!variant) break;
        const items = variant.preguntas.map((p) => banks[m].items.get(p.preguntaId) as SimItem);
        items.forEach((it) => seen.add(it.id));
        const chosen = items.map((it) => learner.choose(it, random));
        const answers = variant.preguntas.map(({ preguntaId, orden }, i) => ({ preguntaId, opcion: OPTION_LETTERS[orden.indexOf(chosen[i])] }));
        const { result, respuestas } = grade(e, variant, { varianteId: variant.id, answers }, titles, out);
        e.intentos!.push({ version: variant.id, score: result.score, aprobado: result.aprobado, fecha: new Date().toISOString(), respuestas, preguntas: variant.preguntas.map((p) => p.preguntaId) });
        // The product's use case settles the states on what the model answers after recording the attempt (use-cases.ts).
        const known = await answer(items, chosen, 'evaluacion');
        const objetivos = settleStates(result.objetivos ?? [], moduleId, known);
        // What the loop studies: every objective not "Dominas" ("Te falta" and "Aún no está claro"), as the Refuerzo guiado.
        const teFalta = objetivos.filter((x) => !x.domina).map((x) => `${moduleId}.${x.id}`);
        if (heldOut && learner.guesser) {
          f.guessers.attempts++;
          if (result.aprobado) f.guessers.passes++;
        }
        if (heldOut && !learner.guesser && result.aprobado && objetivos.every((x) => learner.knows(`${moduleId}.${x.id}`))) {
          f.knowAllPassed++;
          for (const d of f.dominas) if (result.objetivos!.some((x) => !x.domina || (known?.[`${moduleId}.${x.id}`] ?? 1) < d.at)) d.knowAllShort++;
        }
        if (heldOut && !learner.guesser) {
          objetivos.forEach((x, i) => {
            const unknown = Number(!learner.knows(`${moduleId}.${x.id}`));
            // "before": grading's own two states, before the model's posterior settles them.
            const states = [feedbackState(x), ...(result.objetivos?.[i].domina ? [] : (['before'] as const))];
            f.states.measured++;
            f.states.measuredUnknown += unknown;
            measured.raw.push({ p: raw.estimate(id, `${moduleId}.${x.id}`), y: Boolean(unknown) });
            measured.elo.push({ p: el.estimate(id, `${moduleId}.${x.id}`), y: Boolean(unknown) });
            const pk = known?.[`${moduleId}.${x.id}`] ?? 1;
            if (result.objetivos?.[i].domina) for (const d of f.dominas) if (pk >= d.at) { d.shown++; d.unknown += unknown; }
            for (const s of states) {
              f.states[s].shown++;
              f.states[s].unknown += unknown;
            }
          });
        }
        if (result.aprobado) {
          passedAt = attempt;
          break;
        }
        // Equal effort: the control studies as many objectives as "Te falta" names, drawn at random.
        const mine = objectives.filter((x) => x.startsWith(moduleId));
        const studied = o.loop ? teFalta : teFalta.map(() => mine[Math.floor(random() * mine.length)]);
        for (const x of studied) {
          learner.study(x, random);
          bayes?.study(x);
        }
        if (o.practice) await practise(studied);
      }
      if (passedAt <= o.maxAttempts) passed.push(...objectives.filter((x) => x.startsWith(moduleId)));
      if (heldOut && !learner.guesser) f.attempts.push(passedAt);
    }
    // Ten days later: one more review, and the estimates read at its start.
    for (let d = 0; d < 9; d++) {
      learner.between(random);
      bayes?.between();
      day++;
    }
    await review();
    impossible += bayes?.impossible ?? 0;
  }
  // The held-out learners' CPU, split between the Bayes oracle and the rest by the clocks' proportion.
  const heldOutMs = performance.now() - heldOutFrom;
  const before = PHASES.heldOut;
  lap('heldOut');
  const share = heldOutMs > 0 ? Math.min(1, oracleMs / heldOutMs) : 0;
  PHASES.oracle += (PHASES.heldOut - before) * share;
  PHASES.heldOut -= (PHASES.heldOut - before) * share;
  const score = (s: Scored[]) => ({ auc: auc(s), logLoss: logLoss(s) });
  return {
    generator: gen.name,
    fitted,
    impossible,
    predictions: { model: score(preds.model), bayes: score(preds.bayes), oracle: score(preds.oracle), raw: score(preds.raw), elo: score(preds.elo) },
    calibration: cal,
    dominado: dominado.figures(),
    masteryAuc: { model: auc(ranks.model), raw: auc(ranks.raw), elo: auc(ranks.elo) },
    ...f,
    teFaltaBaselines: { raw: precisionAtCount(measured.raw, f.states.falta.shown), elo: precisionAtCount(measured.elo, f.states.falta.shown) },
    guessingOdds: tail(size, Math.ceil((PASS_MARK / 100) * size), 0.25),
    bank: bankFigures(banks),
  };
}
