import type { EvaluationItem } from '../course-model';
import type { GeneratedQuestion } from '../shared/ai/schemas';
import { balanceBank } from './bank-balance';
import { attemptAnswers, difficultyOf, discriminationOf, itemKey, statisticalWithdrawal, type WithdrawalReason } from './item-quality';
import type { ItemStatsStore } from './item-stats-store';
import type { QuestionStatsStore } from './question-stats-store';

// Issue 41 item 3: graded answers update each item's statistics across every bank that holds it,
// and an item that discriminates backwards, that everyone gets right, or whose key a test-wise rule
// finds (a bank written before banks were balanced, bank-balance.ts) leaves every bank's draws.

export interface ItemDeps {
  items: ItemStatsStore;
  /** The learner's own bank: a withdrawn item is marked `retirada` there too, so top-ups count it out. */
  stats: Pick<QuestionStatsStore, 'withdraw'>;
  now?: () => number;
}

const asGenerated = (q: EvaluationItem['preguntas'][number]) => ({ ...q, opciones: q.opciones.map((texto) => ({ texto, explicacion: '' })) }) as unknown as GeneratedQuestion & { preguntaId: string };

/** The questions of the bank whose key a test-wise rule finds beyond the bank balance's cap (no lesson text here: the literal rule ties). */
function guessable(e: EvaluationItem): string[] {
  const live = e.preguntas.filter((q) => !q.retirada);
  const refused = new Set(balanceBank(live.map(asGenerated), {}).refused.map((r) => r.pregunta.preguntaId));
  return live.filter((q) => refused.has(q.preguntaId)).map((q) => q.preguntaId);
}

/**
 * After an attempt is recorded: one ADD per answer on its item, then the withdrawals the new sums
 * call for. Answers the bank's question ids withdrawn now, with why.
 */
export async function itemsGraded(deps: ItemDeps, userId: string, e: EvaluationItem, graded: { preguntaId: string; correcta: boolean }[]) {
  const now = (deps.now ?? Date.now)();
  const byId = new Map(e.preguntas.map((q) => [q.preguntaId, q]));
  const answers = attemptAnswers(graded).flatMap((a) => {
    const q = byId.get(a.preguntaId);
    return q ? [{ ...a, itemKey: itemKey(q) }] : [];
  });
  const sums = await deps.items.add(answers, now);
  const reasons = new Map<string, WithdrawalReason>();
  for (const a of answers) {
    const why = sums[a.itemKey] && !sums[a.itemKey].retirada ? statisticalWithdrawal(sums[a.itemKey]) : undefined;
    if (why) reasons.set(a.preguntaId, why);
  }
  for (const id of guessable(e)) if (!reasons.has(id)) reasons.set(id, 'clave_adivinable');
  const withdrawn: { preguntaId: string; motivo: WithdrawalReason }[] = [];
  for (const [preguntaId, motivo] of reasons) {
    const q = byId.get(preguntaId)!;
    await deps.items.withdraw(itemKey(q), motivo, now);
    if (!q.retirada && (await deps.stats.withdraw(userId, e, preguntaId))) withdrawn.push({ preguntaId, motivo });
  }
  return withdrawn;
}

/**
 * The bank as a draw must see it: an item withdrawn in another bank (another member's copy, another
 * learner's featured course) is withdrawn here too. One BatchGetItem of the bank's live items; what
 * it finds is marked in the learner's bank as well (best effort: the draw already skips it).
 */
export async function withItemWithdrawals(deps: ItemDeps | undefined, userId: string, e: EvaluationItem): Promise<EvaluationItem> {
  if (!deps) return e;
  const live = e.preguntas.filter((q) => !q.retirada);
  if (!live.length) return e;
  const states = await deps.items.read(live.map(itemKey));
  const out = new Set(live.filter((q) => states[itemKey(q)]?.retirada).map((q) => q.preguntaId));
  if (!out.size) return e;
  for (const id of out) await deps.stats.withdraw(userId, e, id).catch(() => false);
  return { ...e, preguntas: e.preguntas.map((q) => (out.has(q.preguntaId) ? { ...q, retirada: true } : q)) };
}

/** What the learner model may know of an item: its share right and discrimination, once MIN_ANSWERS_FOR_DIFFICULTY answers exist. */
export interface ItemDifficulty {
  /** Share of answers right (0–1): lower is harder. */
  aciertos: number;
  n: number;
  /** Item-rest correlation, when both sides vary. */
  discriminacion?: number;
}

/** itemDifficulty(itemKeys): the known difficulties, by item key (`itemKey` of a bank question); unknown items are left out. */
export const itemDifficulty = (items: Pick<ItemStatsStore, 'read'>) => async (itemKeys: string[]): Promise<Record<string, ItemDifficulty>> => {
  const states = await items.read(itemKeys);
  return Object.fromEntries(
    Object.entries(states).flatMap(([k, s]) => {
      const aciertos = difficultyOf(s);
      const discriminacion = discriminationOf(s);
      return aciertos === undefined ? [] : [[k, { aciertos, n: s.n, ...(discriminacion !== undefined && { discriminacion }) }]];
    }),
  );
};

/**
 * The share right of each of these bank questions whose item statistics know it, by question id
 * (one BatchGetItem; none without the port, and none when the read fails: the evidence counts as before).
 */
export async function knownDifficulty(deps: ItemDeps | undefined, e: EvaluationItem, preguntaIds: string[]): Promise<Record<string, number>> {
  if (!deps) return {};
  const byId = new Map(e.preguntas.map((q) => [q.preguntaId, itemKey(q)]));
  const keys = preguntaIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const known: Record<string, ItemDifficulty> = await itemDifficulty(deps.items)(keys).catch(() => ({}));
  return Object.fromEntries(preguntaIds.flatMap((id) => {
    const d = known[byId.get(id) ?? ''];
    return d ? [[id, d.aciertos]] : [];
  }));
}
