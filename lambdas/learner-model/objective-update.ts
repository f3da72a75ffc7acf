import { ageAfter, ageAt, type BktParams, difficultyShift, type EvidenceSource, observe, paramsFor, pRight, studied, transition } from './bkt';
import { chanceEvidence, ruleEvidence, RULES } from './chance';
import { daysSince, retention } from './decay';
import type { LoggedAnswer, ObjectiveState } from './mastery-store';

// One objective's update by a batch of answers (issue 41 items 4 and 5), pure. Evidence that is
// evidence: an item counts once a day (an answer again to the same item, or to one whose feedback
// the learner has just read, tells what the feedback said, not what the learner knows); on a later
// day it counts as a repeat, guessed at least half the time. Before the batch, the estimate fades
// by the time since the last evidence; after it, one learning transition.

/** One answer on one objective. */
export interface Answer {
  correct: boolean;
  source: EvidenceSource;
  /** The item answered (a bank question's or card's `claveOrigen`): repeats count once a day. */
  itemId?: string;
  /** The item's difficulty index, the share right on first sight (item statistics), when known. */
  dificultad?: number;
  /**
   * Per test-wise rule (TEST_WISE_RULES order), the probability it finds the item's key, when the
   * item's options are known where it is graded (chance.ts: the rule classes read it).
   */
  reglas?: readonly number[];
}

const ITEMS_KEPT = 40;
/** The outcomes "dominado" reads, with their items' difficulty shifts (credible.ts `recentAgree`). */
export const RECENT_KEPT = 20;

/** The objective's state after `answers` at `at` (undefined before any), and the log lines of the batch. */
export function updateObjective(old: ObjectiveState | undefined, key: string, answers: readonly Answer[], at: string, base: BktParams) {
  const day = at.slice(0, 10);
  const items = { ...(old?.items ?? {}) };
  // A practice batch follows the Refuerzo guiado's study: its chance to learn applies first (`studied`).
  let p = old ? studied(old.p * retention(old, new Date(at), base), answers[0]?.source, base) : base.pInit;
  // Rust (bkt.ts `freshness`): every answer of the batch is read at the knowledge's age, the days
  // since the last evidence plus the age it had then (`edad`, where answers do not fully refresh it).
  // A practice answer comes right after the Refuerzo guiado's explanation: that study renews it (`ageAt`).
  // Before any evidence, what the learner knows is `priorAge` days old.
  const days = old ? ageAt((old.edad ?? 0) + daysSince(old.at, at), answers[0]?.source, base) : (base.priorAge ?? 0);
  let recientes = old?.recientes ?? '';
  // An objective written before the shifts were kept: its outcomes were on items taken as average.
  let desniveles = old?.desniveles ?? recientes.split('').map(() => 0);
  let counted = 0, aciertos = 0, azar = old?.azar ?? 0;
  // Before the rule classes an objective kept only `azar`: its answers' hits were unknown, so each rule's ratio was chance's.
  const reglas = old?.reglas ? [...old.reglas] : Array.from({ length: RULES }, () => azar);
  const log: LoggedAnswer[] = [];
  for (const a of answers) {
    const before = a.itemId ? items[a.itemId] : undefined;
    const counts = before !== day;
    log.push([a.itemId ?? '', key, at, a.correct ? 1 : 0, a.source, counts ? 1 : 0]);
    if (!counts) continue;
    const k = paramsFor({ source: a.source, dificultad: a.dificultad, repeat: before !== undefined, days }, base);
    const q = pRight(p, k);
    azar += chanceEvidence(q, k.pGuess, a.correct);
    ruleEvidence(q, k.pGuess, a.reglas, a.correct).forEach((x, r) => (reglas[r] += x));
    p = observe(p, a.correct, k);
    if (a.itemId) {
      delete items[a.itemId];
      items[a.itemId] = day;
    }
    recientes = (recientes + (a.correct ? '1' : '0')).slice(-RECENT_KEPT);
    desniveles = [...desniveles, Math.round(difficultyShift(a, base) * 100) / 100].slice(-RECENT_KEPT);
    counted++;
    if (a.correct) aciertos++;
  }
  if (!counted) return { state: old, log };
  const kept = Object.entries(items).slice(-ITEMS_KEPT);
  const after = transition(p, base);
  const edad = Math.round(ageAfter(days, p, after, aciertos < counted, base) * 100) / 100;
  const state: ObjectiveState = {
    p: after,
    n: (old?.n ?? 0) + counted,
    aciertos: (old?.aciertos ?? 0) + aciertos,
    at,
    fuente: answers[answers.length - 1].source,
    dias: (old ? (old.dias ?? 1) : 0) + (old?.at.slice(0, 10) === day ? 0 : 1),
    recientes,
    desniveles,
    azar,
    reglas,
    ...(edad > 0 && { edad }),
    ...(kept.length && { items: Object.fromEntries(kept) }),
  };
  return { state, log };
}
