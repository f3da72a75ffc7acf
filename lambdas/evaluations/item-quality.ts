import { createHash } from 'node:crypto';
import { OPTION_LETTERS } from '../contract';
import type { BankQuestion } from '../shared/ai/schemas';
import { normalise } from '../shared/ai/evaluation-checks';

// Item statistics across learners (issue 41 item 3). A question is the same item wherever its text
// is the same: an aula's copies (same ids, same text), a featured course every learner generates
// (the team's fixed questions under new random ids), a bank repeating itself. So an item is named
// by its stem and its key, not by a bank's id. Each graded answer adds to five running sums, one
// UpdateItem of ADDs per answer, from which difficulty and discrimination follow without reading
// any answer again. Pure rules here; the store is item-stats-store.ts.

/** 96 bits of SHA-256 of the normalised stem and key text: the item's name in every bank that holds it. */
export function itemKey(q: Pick<BankQuestion, 'enunciado' | 'opciones' | 'correcta'>): string {
  const key = q.opciones[OPTION_LETTERS.indexOf(q.correcta)] ?? '';
  return createHash('sha256').update(`${normalise(q.enunciado)}\n${normalise(key)}`).digest('hex').slice(0, 24);
}

/**
 * Running sums over an item's graded answers: x = 1 when right, r = the rest score (the share right
 * of the attempt's other questions, so the item does not correlate with itself).
 */
export interface ItemSums {
  n: number;
  /** Σx: answers right. */
  ok: number;
  /** Σr, Σr², Σx·r. */
  r: number;
  rr: number;
  xr: number;
}

/** Answers before an item's difficulty is given to the learner model: the share right is then known within ±0.18 (95 %). */
export const MIN_ANSWERS_FOR_DIFFICULTY = 30;
/**
 * Answers before statistics withdraw an item. At 50 the item-rest correlation's standard error is
 * about 0.14: a sound item (r = 0.3) falls below NEGATIVE_DISCRIMINATION by chance about 0.2 % of
 * the time, an item that discriminates backwards (r = −0.2) about 76 % of the time.
 */
export const MIN_ANSWERS_TO_WITHDRAW = 50;
/** Item-rest correlation under which an item is withdrawn: learners who do well elsewhere miss it (a wrong key, an ambiguous stem). */
export const NEGATIVE_DISCRIMINATION = -0.1;
/** Share right above which an item is withdrawn: everyone gets it right, so it tells nothing (a giveaway). */
export const TOO_EASY = 0.95;

export type WithdrawalReason = 'discrimina_al_reves' | 'demasiado_facil' | 'clave_adivinable';
/** What the teacher's aula view and the report queue say of each reason. */
export const WITHDRAWAL_TEXT: Record<WithdrawalReason, string> = {
  discrimina_al_reves: 'La fallan más quienes mejor responden el resto: puede tener la clave equivocada o un enunciado ambiguo.',
  demasiado_facil: 'La acierta casi todo el mundo: no distingue a quien domina el tema.',
  clave_adivinable: 'Su clave se adivina por la forma de las opciones, sin saber la respuesta.',
};

/** Share of answers right (the classical p-value); undefined before MIN_ANSWERS_FOR_DIFFICULTY. */
export const difficultyOf = (s: ItemSums) => (s.n >= MIN_ANSWERS_FOR_DIFFICULTY ? s.ok / s.n : undefined);

/** Item-rest (point-biserial) correlation from the sums; undefined when either side has no spread. */
export function discriminationOf(s: ItemSums): number | undefined {
  const cov = s.n * s.xr - s.ok * s.r;
  const vx = s.n * s.ok - s.ok * s.ok;
  const vr = s.n * s.rr - s.r * s.r;
  return vx > 0 && vr > 1e-12 ? cov / Math.sqrt(vx * vr) : undefined;
}

/** Why statistics withdraw an item, if they do. */
export function statisticalWithdrawal(s: ItemSums): WithdrawalReason | undefined {
  if (s.n < MIN_ANSWERS_TO_WITHDRAW) return undefined;
  const r = discriminationOf(s);
  if (r !== undefined && r < NEGATIVE_DISCRIMINATION) return 'discrimina_al_reves';
  if (s.ok / s.n > TOO_EASY) return 'demasiado_facil';
  return undefined;
}

/** One attempt's answers as the sums' increments: each answer with the rest score of its attempt. */
export function attemptAnswers(graded: { preguntaId: string; correcta: boolean }[]) {
  const right = graded.filter((g) => g.correcta).length;
  const others = Math.max(graded.length - 1, 1);
  return graded.map((g) => ({ preguntaId: g.preguntaId, x: g.correcta ? 1 : 0, r: (right - (g.correcta ? 1 : 0)) / others }));
}
