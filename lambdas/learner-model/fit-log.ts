import { daysSince } from './decay';
import type { LoggedAnswer } from './mastery-store';

// The answer log as the fit reads it (issue 41 item 6): the MASTERY# items' `registro` lines, one
// sequence per learner, course and objective, and the items' difficulty. Pure; fit.ts fits on it.

/**
 * One answer of a sequence: right or not, whether a new batch starts with it (a transition before
 * it), the days since the sequence's previous batch (rust, bkt.ts `freshness`; absent: 0), and
 * whether it is a practice answer (studied just before: bkt.ts `ageAt`).
 */
export interface Step {
  correct: boolean;
  newBatch: boolean;
  days?: number;
  practice?: boolean;
}

/** One logged answer, as the fit reads it (the MASTERY# items' `registro`, with the learner). */
export interface LogLine {
  learner: string;
  item: string;
  objective: string;
  at: string;
  correct: boolean;
  source: string;
  /** Whether the model counted it (a repeat the same day did not). */
  counted: boolean;
  /**
   * The course (a MASTERY#<courseId> item's): objective keys (`m01.o2`) and item ids (`m01.q7`) are
   * the course's own, so one learner's sequences, chance class and first sights are per course.
   */
  course?: string;
  /** Per test-wise rule, its hit on the item, where the log knows it (the bench's; chance.ts). */
  reglas?: readonly number[];
}

/** Answers of one learner in one course: what every grouping of the fit is keyed by. */
export const learnerCourse = (l: LogLine) => `${l.learner}|${l.course ?? ''}`;
/** One learner's answers on one objective of one course. */
export const sequenceKey = (l: LogLine) => `${learnerCourse(l)}|${l.objective}`;
/** An item of a course (item ids repeat across courses). */
export const itemOf = (l: Pick<LogLine, 'item' | 'course'>) => (l.course ? `${l.course}|${l.item}` : l.item);

/** The log lines of one MASTERY#<courseId> item of an export (its `registro`), with its learner and course. */
export function linesOfItem(item: { pk?: string; sk?: string; registro?: LoggedAnswer[] }): LogLine[] {
  if (!item.sk?.startsWith('MASTERY#') || !item.pk) return [];
  const course = item.sk.slice('MASTERY#'.length);
  return (item.registro ?? []).map(([id, objective, at, right, source, counted]) => ({ learner: item.pk as string, course, item: id, objective, at, correct: right === 1, source, counted: counted === 1 }));
}

export const MULTIPLE_CHOICE = new Set(['evaluacion', 'practica', 'repaso']);

/**
 * Sequences per learner, course and objective, in time order; answers at one time are one batch.
 * Each answer carries the days since the sequence's previous batch (the model reads rust at them).
 */
export function sequencesOf(lines: readonly LogLine[]): Step[][] {
  const by = new Map<string, LogLine[]>();
  for (const l of lines) if (l.counted && MULTIPLE_CHOICE.has(l.source)) by.set(sequenceKey(l), [...(by.get(sequenceKey(l)) ?? []), l]);
  return [...by.values()].map((ls) => {
    const sorted = [...ls].sort((a, b) => a.at.localeCompare(b.at));
    let previous: string | undefined;
    return sorted.map((l, i) => {
      const newBatch = i > 0 && l.at !== sorted[i - 1].at;
      if (newBatch) previous = sorted[i - 1].at;
      return { correct: l.correct, newBatch, days: previous ? daysSince(previous, l.at) : 0, ...(l.source === 'practica' && { practice: true }) };
    });
  });
}

/**
 * Item difficulty, the share right on first sight, for items with at least `minAnswers` first
 * answers, and the average over all first answers (the model's `meanRight`).
 */
export function itemDifficulty(lines: readonly LogLine[], minAnswers = 10) {
  const first = new Map<string, LogLine>();
  for (const l of [...lines].sort((a, b) => a.at.localeCompare(b.at))) if (l.item && MULTIPLE_CHOICE.has(l.source) && !first.has(`${l.learner}|${itemOf(l)}`)) first.set(`${l.learner}|${itemOf(l)}`, l);
  const counts = new Map<string, { n: number; ok: number }>();
  let n = 0, ok = 0;
  for (const l of first.values()) {
    const c = counts.get(itemOf(l)) ?? { n: 0, ok: 0 };
    counts.set(itemOf(l), { n: c.n + 1, ok: c.ok + (l.correct ? 1 : 0) });
    n++;
    if (l.correct) ok++;
  }
  const byItem = new Map([...counts].filter(([, c]) => c.n >= minAnswers).map(([id, c]) => [id, c.ok / c.n]));
  return { byItem, meanRight: n ? ok / n : 0.6 };
}
