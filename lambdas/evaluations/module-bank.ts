import { randomInt, randomUUID } from 'node:crypto';
import { moduleObjectives, lessonObjectives, type CourseStore, type EvaluationItem, type GenerationStore, type OutlineModule } from '../course-model';
import type { StructuredModel } from '../shared/ai/structured-output';
import { learnerLocale, type LearnerProfiles } from '../shared/ai/lesson-context';
import { EVALUATION_RULES } from '../contract';
import type { EvaluationStore } from './evaluation-store';
import { BANK_BATCH, BANK_SIZE, buildQuestionBank, stemHash, type BankInput, type Call } from './question-bank';
import { seenQuestions, unseenPool } from './variants';
import { claimedStems, sourceTaken, withTaken } from './source-claims';
import type { LessonSources } from './grounded-questions';

export interface ModuleBankDeps {
  model: StructuredModel;
  gen: GenerationStore;
  store: CourseStore;
  /** Issue 33: the learner's profile, so questions address them as the lessons do (tú when absent or unreadable). */
  profiles?: LearnerProfiles;
}

export class LessonsMissing extends Error {
  override name = 'LessonsMissing';
}

/** The module's written lessons and plan, as the writer sees them. */
async function bankInput(deps: ModuleBankDeps, userId: string, courseId: string, curso: BankInput['curso'], module: OutlineModule): Promise<{ input: BankInput; sources?: LessonSources }> {
  const [items, alumno] = await Promise.all([deps.store.items(userId, courseId, true), learnerLocale(deps.profiles, userId)]);
  const titles = new Map(module.lecciones.map((l) => [l.lessonId, l.titulo]));
  const written = (items?.lessons ?? []).filter((l) => l.moduleId === module.moduleId && l.estado === 'lista' && l.contenido && titles.has(l.lessonId));
  // Issue 32: each lesson says which objectives it teaches (one per lesson on older courses), and each question measures one.
  const lecciones = written
    .map((l) => ({ lessonId: l.lessonId, titulo: titles.get(l.lessonId) as string, contenido: l.contenido as string, objetivos: lessonObjectives(module, l.lessonId) }));
  if (!lecciones.length) throw new LessonsMissing(`Module ${module.moduleId} has no written lesson to ask about`);
  const modulo = { titulo: module.titulo, descripcion: module.descripcion, objetivos: moduleObjectives(module) };
  // A course built from the learner's materials (issue 24): questions rest on cited sentences only.
  if (!items?.course?.materiales?.length) return { input: { curso, modulo, lecciones, alumno } };
  const sources: LessonSources = Object.fromEntries(written.map((l) => [l.lessonId, l.fuentes ?? []]));
  return { input: { curso, modulo, lecciones, fundamentada: true, alumno }, sources };
}

async function spend(deps: ModuleBankDeps, userId: string, courseId: string, calls: Call[]) {
  for (const { purpose, result: r } of calls) {
    await deps.gen.spend(userId, courseId, { usage: r.usage, modelId: r.modelId, promptVersion: r.promptVersion, purpose, demo: r.demo });
  }
}

/**
 * Writes and stores a module's question bank from the text of its written lessons (the pipeline
 * runs it after the module's lessons; regeneration runs it again): BANK_SIZE questions with new
 * ids, enough for the first day's attempts. Records every model call's spend.
 */
export async function writeModuleBank(
  deps: ModuleBankDeps,
  userId: string,
  courseId: string,
  curso: { topic: string; level: string; titulo: string },
  module: OutlineModule,
): Promise<EvaluationItem> {
  const { input, sources } = await bankInput(deps, userId, courseId, curso, module);
  const { preguntas, calls } = await buildQuestionBank(deps.model, input, undefined, sources);
  const item = { courseId, moduleId: module.moduleId, estado: 'lista' as const, version: randomUUID(), preguntas };
  await deps.gen.saveEvaluation(userId, courseId, item);
  await spend(deps, userId, courseId, calls);
  return item;
}

/** Attempts whose questions the tutor still reads (lambdas/tutor/attempts.ts): their questions stay in the bank. */
const KEPT_ATTEMPTS = 3;
/** Stems other members were graded on, shown to the writer as "do not repeat" (as many as question-bank.ts shows in all). */
const CLAIMED_SHOWN = 80;
/**
 * An aula copy's first batch number is drawn from this many, past the first bank's: the offline
 * writer's stems follow the batch number, and a real writer is told to ask about other ideas than
 * other batches. A repeated stem is refused anyway (the ledger is asked about every new stem).
 */
const LOTE_SPREAD = 1_000_000;

/**
 * Tops a bank up with new questions once its unseen ones cannot fill an attempt (issue 20): up to
 * BANK_SIZE unseen, new ids, stems the bank already had refused. Questions seen long ago leave the
 * item (their attempts keep the ids, their review cards keep the text), so it stays far below
 * DynamoDB's 400 KB. Answers the item as stored, or undefined when the bank changed meanwhile.
 */
export async function topUpModuleBank(
  deps: ModuleBankDeps & { evaluations: EvaluationStore },
  userId: string,
  e: EvaluationItem,
  curso: { topic: string; level: string; titulo: string },
  module: OutlineModule,
): Promise<EvaluationItem | undefined> {
  // An aula copy: questions other accounts took count as met (source-claims.ts), read for this bank's unseen questions only.
  const claims = deps.evaluations.claims;
  const [taken, claimedShown] = await Promise.all([sourceTaken(claims, e), e.origen && claims ? claims.sampleStems(e.origen, CLAIMED_SHOWN) : []]);
  const seen = withTaken(e, seenQuestions(e.intentos), taken);
  const unseen = unseenPool(e, seen);
  const { input, sources } = await bankInput(deps, userId, e.courseId, curso, module);
  const want = {
    wanted: BANK_SIZE - unseen.length,
    minimum: EVALUATION_RULES.questionsPerAttempt - unseen.length,
    existing: [...e.preguntas.map((q) => q.enunciado), ...claimedShown],
    metHashes: e.enunciadosVistos ?? [],
    // An aula copy's batches start at a random number: two members' top-ups ask the writer for other batches.
    firstLote: Math.ceil(((e.enunciadosVistos?.length ?? 0) + e.preguntas.length) / BANK_BATCH) + 1 + (e.origen ? randomInt(LOTE_SPREAD) : 0),
  };
  const { preguntas: written, calls } = await buildQuestionBank(deps.model, input, want, sources);
  await spend(deps, userId, e.courseId, calls);
  // A stem another member was graded on is never kept: the ledger is asked about these new stems only.
  const claimed = await claimedStems(claims, e, written);
  const added = written.filter((q) => !claimed.has(stemHash(q.enunciado)));
  const recent = new Set((e.intentos ?? []).slice(-KEPT_ATTEMPTS).flatMap((i) => i.preguntas ?? []));
  const keep = (q: EvaluationItem['preguntas'][number]) => !seen.has(q.preguntaId) || recent.has(q.preguntaId);
  const preguntas = [...e.preguntas.filter(keep), ...added];
  // A dropped question leaves its stem's fingerprint (24 characters), so no later top-up asks it again.
  const enunciadosVistos = [...new Set([...(e.enunciadosVistos ?? []), ...e.preguntas.filter((q) => !keep(q)).map((q) => stemHash(q.enunciado))])];
  if (!(await deps.evaluations.topUp(userId, e.courseId, e.moduleId, e.version, preguntas, enunciadosVistos))) return undefined;
  return { ...e, preguntas, enunciadosVistos };
}
