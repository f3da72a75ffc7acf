import { createHash, randomBytes } from 'node:crypto';
import { EVALUATION_RULES, type Objective } from '../contract';
import { objectiveProblems, questionProblems, normalise, toBankQuestion } from '../shared/ai/evaluation-checks';
import { ModelError } from '../shared/ai/model-errors';
import { evaluationSpec } from '../shared/ai/prompts';
import type { BankQuestion, GeneratedQuestion } from '../shared/ai/schemas';
import type { CallOptions, StructuredModel, StructuredResult } from '../shared/ai/structured-output';
import { verifyQuestions } from '../shared/ai/verifier';
import { taughtLanguage } from '../shared/ai/text-checks';
import { groundedQuestionProblems, questionSource, type LessonSources } from './grounded-questions';
import { balanceBank } from './bank-balance';
import { questionWithSourcedLinks } from '../shared/ai/links';
import type { LearnerLocale } from '../shared/ai/lesson-context';

/**
 * Questions asked of the model per call, about 400 tokens a question with its four explained options.
 * Issue 42: four, not eight. A batch's call is the longest on a module's path to ready (its output
 * at the writer's pace: ≈ 1,600 tokens, 8 s on Nova Lite, where eight took 16 s); the batches run
 * side by side, and all but the first read the module's lessons from the prompt cache (below), so
 * twice the calls cost about what half as many did without it.
 */
export const BANK_BATCH = 4;
/** A batch of `n` questions may write 700 tokens a question (1,500 at least): what it reserves of the model's budget, not more. */
export const batchMaxTokens = (n: number) => Math.min(evaluationSpec.maxTokens, Math.max(1_500, 700 * n));
/**
 * A new bank covers the first day's attempts: no question is ever drawn twice for a learner, so
 * each attempt uses questions of its own; a model job tops the bank up when they run out.
 */
export const BANK_SIZE = EVALUATION_RULES.questionsPerAttempt * EVALUATION_RULES.attemptsPerDay;
/** Rounds of batches at most: the first, then smaller ones for what checks and duplicates took away. */
export const SHORTFALL_ROUNDS = 3;
/** Stems shown to the writer as "do not repeat" (the newest ones), so the prompt stays bounded. */
const AVOID_SHOWN = 80;

export interface BankInput {
  curso: { topic: string; level: string; titulo: string };
  /** The module's objectives (contract/objectives.ts; one per lesson on older courses): each question measures one. */
  modulo: { titulo: string; descripcion: string; objetivos?: Objective[] };
  /** The module's written lessons, each with the ids of the objectives it teaches: the only material questions may rest on. */
  lecciones: { lessonId: string; titulo: string; contenido: string; objetivos?: string[] }[];
  /** Issue 24: the lessons were written from the learner's material; each question rests on a cited sentence. */
  fundamentada?: true;
  /** Issue 33: the learner's country (its name) and form of address, as the lessons were written for them. */
  alumno?: LearnerLocale;
}
/** How many questions to write, the fewest that make the bank usable, and the stems it already has. */
export interface BankWanted {
  wanted: number;
  minimum: number;
  existing?: string[];
  /** `stemHash` of stems met long ago (no longer in the bank): refused too. */
  metHashes?: string[];
  /** The first batch's `lote`: a top-up continues the numbering, so its batches aim at other ideas. */
  firstLote?: number;
}

/** A stem's fingerprint, kept after the question leaves the bank (96 bits of SHA-256 of the normalised stem). */
export const stemHash = (enunciado: string) => createHash('sha256').update(normalise(enunciado)).digest('hex').slice(0, 24);
interface Rejected { pregunta: GeneratedQuestion; problemas: string[] }
export interface Call { purpose: 'evaluation' | 'verifier'; result: StructuredResult<unknown> }

/** Question ids are random: a regenerated or topped-up bank never reuses one (old cards and attempts keep theirs). */
export const newQuestionId = () => `q${randomBytes(8).toString('hex')}`;

/** Code checks first (free), then one verifier call over the questions code let through. */
async function review(model: StructuredModel, questions: GeneratedQuestion[], lessons: Record<string, string>, calls: Call[], objectives: ReadonlySet<string>, sources?: LessonSources, taught?: string) {
  const coded = questions.map((q) => ({ q, problems: [...questionProblems(q, lessons, taught), ...objectiveProblems(q, objectives), ...(sources ? groundedQuestionProblems(q, sources) : [])] }));
  const candidates = coded.filter((c) => !c.problems.length).map((c) => c.q);
  const verified = await verifyQuestions(model, candidates);
  if (verified.result) calls.push({ purpose: 'verifier', result: verified.result });
  const accepted = candidates.filter((_, i) => !verified.problems[i].length);
  const rejected: Rejected[] = [
    ...coded.filter((c) => c.problems.length).map((c) => ({ pregunta: c.q, problemas: c.problems })),
    ...candidates.flatMap((q, i) => (verified.problems[i].length ? [{ pregunta: q, problemas: verified.problems[i] }] : [])),
  ];
  return { accepted, rejected };
}

/**
 * One batch: generate (or, given `redo`, rewrite the questions the bank balance refused), check,
 * verify; every refused question is rewritten once and checked again, or dropped. Each call that
 * answered joins `calls` as it answers, so a batch that fails later still counts what it spent.
 */
async function batch(model: StructuredModel, input: BankInput, lessons: Record<string, string>, calls: Call[], size: number, lote: { n: number; de: number }, evitar: string[], sources?: LessonSources, redo?: Rejected[], options?: CallOptions<unknown>) {
  const data = { ...input, preguntas: size, lote: lote.n, lotes: lote.de, ...(evitar.length && { evitar }) };
  const spec = (n: number) => ({ ...evaluationSpec, maxTokens: batchMaxTokens(n) });
  const first = await model(spec(redo?.length || size), redo?.length ? { ...data, preguntas: redo.length, reescribir: redo } : data, options);
  calls.push({ purpose: 'evaluation', result: first });
  const taught = taughtLanguage(input.curso.topic);
  const objectives = new Set((input.modulo.objetivos ?? []).map((o) => o.id));
  const round1 = await review(model, first.value.preguntas, lessons, calls, objectives, sources, taught);
  let accepted = round1.accepted;
  if (round1.rejected.length) {
    const rewrite = await model(spec(round1.rejected.length), { ...data, preguntas: round1.rejected.length, reescribir: round1.rejected });
    calls.push({ purpose: 'evaluation', result: rewrite });
    const round2 = await review(model, rewrite.value.preguntas.slice(0, round1.rejected.length), lessons, calls, objectives, sources, taught);
    accepted = [...accepted, ...round2.accepted];
  }
  return accepted;
}

/** A batch's answer invalid after its repair: none of its questions (its spent tokens were metered as failed where the call failed). */
function lostBatch(error: unknown): GeneratedQuestion[] {
  if (error instanceof ModelError && error.name === 'InvalidModelOutput') return [];
  throw error;
}

/**
 * Writes `wanted` new questions from the lessons' text, in batches of BANK_BATCH run side by side
 * (up to two more rounds for a shortfall; a few more than asked are kept). Nothing refused is stored;
 * a stem the bank already has is dropped. Answers the questions (keys placed by crypto.randomInt, fresh ids) and every model call
 * that answered, for the spend; fails when fewer than `minimum` survive.
 *
 * A batch whose model output stays invalid after its repair turn (InvalidModelOutput) loses only its
 * own questions: the next round writes them again, as it does for refused ones. One bad answer among
 * a bank's dozen calls (a real model truncates and breaks a schema now and then) used to fail the
 * module's Evaluation state, which Step Functions does not retry, and with it the whole course.
 * Throttling, outages and budget refusals still fail the batch's round: the state machine retries them.
 */
export async function buildQuestionBank(
  model: StructuredModel,
  input: BankInput,
  want: BankWanted = { wanted: BANK_SIZE, minimum: EVALUATION_RULES.questionsPerAttempt },
  /** A grounded course's lesson sources (issue 24): each question must rest on a sentence citing one, and carries it. */
  sources?: LessonSources,
) {
  const lessons = Object.fromEntries(input.lecciones.map((l) => [l.lessonId, l.contenido]));
  const calls: Call[] = [];
  const seen = new Set((want.existing ?? []).map(normalise));
  const met = new Set(want.metHashes ?? []);
  let kept: GeneratedQuestion[] = [];
  let redo: Rejected[] = [];
  for (let round = 0; round < SHORTFALL_ROUNDS && kept.length < want.wanted; round++) {
    const missing = want.wanted - kept.length;
    // What the balance refused last round is rewritten with the rule named; the rest is written anew.
    const rewrite = redo.slice(0, Math.min(BANK_BATCH, missing));
    const fresh = missing - rewrite.length;
    const batches = Math.ceil(fresh / BANK_BATCH);
    const evitar = [...(want.existing ?? []), ...kept.map((q) => q.enunciado)].slice(-AVOID_SHOWN);
    const offset = (want.firstLote ?? 1) - 1 + round * Math.ceil(want.wanted / BANK_BATCH);
    const runs = [
      ...Array.from({ length: batches }, (_, i) => (options?: CallOptions<unknown>) => batch(model, input, lessons, calls, Math.min(BANK_BATCH, fresh - i * BANK_BATCH), { n: offset + i + 1, de: offset + batches }, evitar, sources, undefined, options)),
      ...(rewrite.length ? [(options?: CallOptions<unknown>) => batch(model, input, lessons, calls, rewrite.length, { n: offset + batches + 1, de: offset + batches + 1 }, evitar, sources, rewrite, options)] : []),
    ];
    const tolerant = runs.map((run) => (options?: CallOptions<unknown>) => run(options).catch(lostBatch));
    const results = await (round === 0 ? primedSideBySide(tolerant) : Promise.all(tolerant.map((run) => run())));
    for (const accepted of results) {
      for (const q of accepted) {
        const stem = normalise(q.enunciado);
        if (seen.has(stem) || met.has(stemHash(q.enunciado))) continue;
        seen.add(stem);
        kept.push(q);
      }
    }
    // Issue 41 item 7: no test-wise rule finds more than BALANCE_CAP of the keys kept (bank-balance.ts).
    const balanced = balanceBank(kept, lessons);
    kept = balanced.kept;
    redo = balanced.refused;
    // A rewrite may keep its stem and change only the options.
    for (const r of redo) seen.delete(normalise(r.pregunta.enunciado));
  }
  if (kept.length < want.minimum) {
    throw new ModelError('InvalidModelOutput', `Solo ${kept.length} preguntas superaron las comprobaciones; hacen falta ${want.minimum}`);
  }
  const preguntas: BankQuestion[] = kept.map((q) => {
    const material = sources && questionSource(q, sources);
    // Issue 31: a link the model added that its lesson does not carry is neutralised.
    return questionWithSourcedLinks({ ...toBankQuestion(q, newQuestionId(), lessons[q.lessonId]), ...(material && { material }) }, [lessons[q.lessonId] ?? '']);
  });
  return { preguntas, calls };
}

/**
 * The first round's batches, side by side once the first has been read: its lessons (the prompt's
 * cached part, prompts/evaluation.ts `cachedData`) are in the prompt cache when its answer starts
 * (Anthropic's and Bedrock's rule: a cache entry is there for other requests once the first answer
 * begins), so the others read them at a quarter of the price instead of each writing them again.
 * The first batch's call streams only to say when its answer starts; the others wait for that, or
 * for its end when the model does not stream (≈ the model's time to first token, 0.4 s on Nova Lite).
 */
async function primedSideBySide<T>(runs: ((options?: CallOptions<unknown>) => Promise<T>)[]): Promise<T[]> {
  if (runs.length < 2) return Promise.all(runs.map((run) => run()));
  let started!: () => void;
  const primed = new Promise<void>((resolve) => (started = resolve));
  const first = runs[0]({ onStream: () => () => started() });
  // A first batch that fails still lets the others run (its error is the round's, as before).
  void first.then(started, started);
  return Promise.all([first, ...runs.slice(1).map((run) => primed.then(() => run()))]);
}
