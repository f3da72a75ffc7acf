import type { QuestionReport, QuestionReportResult } from '../contract';
import type { EvaluationItem } from '../course-model';
import { notFound } from '../shared/errors';
import type { EvaluationStore } from './evaluation-store';
import { discriminatesBackwards, reportsWithdraw } from './question-quality';
import type { GradedQuestion, QuestionStatsStore } from './question-stats-store';
import { seenQuestions } from './variants';
import { itemsGraded } from './item-withdrawal';
import type { ItemStatsStore } from './item-stats-store';

// "Reportar pregunta" and the statistics of every graded attempt (issue 20). A withdrawn question
// only leaves future graded draws (drawVariant skips `retirada`); attempts, passes and certificates
// already recorded are never touched. Its replacement is written by the bank's top-up model job
// (module-bank.ts topUpModuleBank) when the learner's unseen questions can no longer fill an attempt.

const NOT_SHOWN = 'No encontramos esa pregunta entre las que has respondido en este módulo.';

export interface QuestionQualityDeps {
  evaluations: Pick<EvaluationStore, 'get'>;
  stats: QuestionStatsStore;
  now?: () => number;
  /** Told how many questions were withdrawn (the QuestionsWithdrawn metric). */
  withdrawn?: (count: number) => void;
  /** Issue 41 item 3: statistics per item across every bank that holds it (item-withdrawal.ts). */
  items?: ItemStatsStore;
}

/**
 * POST /evaluacion/reportar: only a question the learner met in a graded attempt of the module (the
 * result screen and review cards show no other) can be reported, once (409 after), at most
 * REPORTS_PER_DAY a day (429). The bank's own learner's report withdraws it from their future draws.
 */
export async function reportQuestion(deps: QuestionQualityDeps, userId: string, report: QuestionReport): Promise<QuestionReportResult> {
  const r = { ...report, preguntaId: report.preguntaId ?? (await questionOfCard(deps, userId, report)) };
  const e = await deps.evaluations.get(userId, r.courseId, r.moduleId);
  const question = e?.preguntas.find((q) => q.preguntaId === r.preguntaId);
  if (!e || !question || !seenQuestions(e.intentos).has(r.preguntaId)) throw notFound(NOT_SHOWN);
  const reporters = await deps.stats.report(userId, e.version, r, (deps.now ?? Date.now)());
  let retirada = Boolean(question.retirada);
  if (!retirada && reportsWithdraw(true, reporters) && (await deps.stats.withdraw(userId, e, r.preguntaId))) {
    retirada = true;
    deps.withdrawn?.(1);
  }
  return { reportada: true, retirada };
}

/** The question a card of this learner, of that course and module, was made from. */
async function questionOfCard(deps: QuestionQualityDeps, userId: string, r: QuestionReport): Promise<string> {
  const source = r.cardId ? await deps.stats.cardQuestion(userId, r.cardId) : undefined;
  if (!source || source.courseId !== r.courseId || source.moduleId !== r.moduleId) throw notFound(NOT_SHOWN);
  return source.preguntaId;
}

/**
 * After an attempt is recorded: one write adds its answers to the bank's statistics; a question
 * that learners who pass now miss more often than learners who fail is withdrawn. With `items`, each
 * answer also adds to its item's statistics across banks, which withdraw it everywhere (issue 41).
 */
export async function questionsGraded(deps: QuestionQualityDeps, userId: string, e: EvaluationItem, aprobado: boolean, graded: GradedQuestion[]): Promise<string[]> {
  const counts = await deps.stats.addAttempt(userId, e.courseId, e.moduleId, e.version, aprobado, graded);
  const backwards = Object.entries(counts).filter(([, c]) => discriminatesBackwards(c)).map(([id]) => id);
  const withdrawn: string[] = [];
  for (const id of backwards) if (await deps.stats.withdraw(userId, e, id)) withdrawn.push(id);
  if (deps.items) {
    const more = await itemsGraded({ items: deps.items, stats: deps.stats, now: deps.now }, userId, e, graded);
    withdrawn.push(...more.map((w) => w.preguntaId).filter((id) => !withdrawn.includes(id)));
  }
  if (withdrawn.length) deps.withdrawn?.(withdrawn.length);
  return withdrawn;
}
