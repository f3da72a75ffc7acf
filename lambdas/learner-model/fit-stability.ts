import { ageAfter, ageAt, type BktParams, type EvidenceSource, observe, paramsFor, pRight, studied, transition } from './bkt';
import { daysSince, retention } from './decay';
import { type LogLine, MULTIPLE_CHOICE, sequenceKey } from './fit-log';

// Fitting the decay's stability and its growth (decay.ts) from the answer log: the grid point whose
// replay of the model best predicts the next answers of the training learners. Pure; fit.ts exports it.

/** One batch of a sequence, as the replay reads it: what does not depend on the parameters, computed once. */
interface Batch {
  at: string;
  /** The source of its first answer (the age and the study read it, as `updateObjective` does). */
  source: EvidenceSource;
  answers: { correct: boolean; source: EvidenceSource }[];
  /** Days since the previous batch (`daysSince`), and whether it falls on the same UTC day (`dias`). */
  since: number;
  sameDay: boolean;
}

function batchesOf(lines: readonly LogLine[]): Batch[][] {
  const by = new Map<string, LogLine[]>();
  for (const l of lines) if (l.counted && MULTIPLE_CHOICE.has(l.source)) by.set(sequenceKey(l), [...(by.get(sequenceKey(l)) ?? []), l]);
  return [...by.values()].map((ls) => {
    const out = new Map<string, LogLine[]>();
    for (const l of [...ls].sort((a, b) => a.at.localeCompare(b.at))) out.set(l.at, [...(out.get(l.at) ?? []), l]);
    let previous: string | undefined;
    return [...out.entries()].map(([at, answers]) => {
      const batch = { at, source: answers[0].source as EvidenceSource, answers: answers.map((a) => ({ correct: a.correct, source: a.source as EvidenceSource })), since: previous ? daysSince(previous, at) : 0, sameDay: previous?.slice(0, 10) === at.slice(0, 10) };
      previous = at;
      return batch;
    });
  });
}

/**
 * The log-loss of the next answers when the model is replayed over `batches` with `k`: before each
 * batch after the first, each answer predicted from P(L) now (`pNow`) at the knowledge's age (as
 * learner-model.ts `predictRight` reads it), then the batch applied. The replay keeps only what the
 * prediction reads of an objective's state (P(L), its time, days with evidence, the age): the same
 * arithmetic as `updateObjective` on answers without an item (all counted, none a repeat), without
 * the rest of the state it builds (items, recent outcomes, the classes' evidence, the log lines), which
 * was most of the fit's replays. test/unit/learner-model/fit-stability.test.ts checks it against
 * `updateObjective` to the last bit.
 */
export function replayLoss(batches: readonly Batch[][], k: BktParams): number {
  let loss = 0;
  for (const seq of batches) {
    let p = 0, dias = 0, edad = 0;
    let at = '';
    for (let i = 0; i < seq.length; i++) {
      const b = seq[i];
      let q = k.pInit, now = 0, days = k.priorAge ?? 0;
      if (i > 0) {
        now = p * retention({ at, dias }, new Date(b.at), k);
        days = ageAt(edad + b.since, b.source, k);
        q = studied(now, b.source, k);
      }
      let right = 0;
      for (const a of b.answers) {
        // One emission serves the prediction and the update (an answer without an item is never a repeat).
        const e = paramsFor({ source: a.source, days }, k);
        if (i > 0) {
          const r = Math.min(0.999, Math.max(0.001, pRight(now, e)));
          loss -= Math.log(a.correct ? r : 1 - r);
        }
        q = observe(q, a.correct, e);
        if (a.correct) right++;
      }
      const after = transition(q, k);
      const age = Math.round(ageAfter(days, q, after, right < b.answers.length, k) * 100) / 100;
      edad = age > 0 ? age : 0;
      dias = i === 0 ? 1 : dias + (b.sameDay ? 0 : 1);
      p = after;
      at = b.at;
    }
  }
  return loss;
}

/**
 * The stability and its growth (decay.ts) that best predict the next answers of the training learners
 * when the model is replayed over their log (a grid: the curve is FSRS's, only its scale is fitted).
 */
export function fitStability(lines: readonly LogLine[], base: BktParams, grid: readonly number[] = [0.5, 1, 2, 3, 5, 9, 15, 365], growths: readonly number[] = [1, 1.5, 2, 3]): Pick<BktParams, 'stability' | 'stabilityGrowth'> {
  const batches = batchesOf(lines);
  let best = { m: { stability: base.stability, stabilityGrowth: base.stabilityGrowth }, loss: Infinity };
  for (const m of grid.flatMap((stability) => growths.map((stabilityGrowth) => ({ stability, stabilityGrowth })))) {
    const loss = replayLoss(batches, { ...base, ...m });
    if (loss < best.loss) best = { m, loss };
  }
  return best.m;
}

export { batchesOf };
