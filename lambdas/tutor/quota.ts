import { TUTOR_DAILY_LIMITS, type TutorQuota } from '../contract';
import { clock } from '../shared/clock';
import { AppError } from '../shared/errors';
import type { TutorStore } from './tutor-store';

/**
 * The tutor's message quota per plan and UTC day. The payments work may replace this adapter
 * (e.g. to read limits from the plan catalogue); use cases only see the port.
 */
export interface TutorQuotaPort {
  status(userId: string): Promise<TutorQuota>;
  /**
   * Counts one message atomically; throws 429 (Spanish) when the day's quota is used up. The plan's
   * adapter also holds the message's estimated cost of the month's AI budget under `reserva`.
   */
  consume(userId: string, reserva: string): Promise<TutorQuota>;
  /** Gives the message back when no answer was produced (a failed request writes nothing). */
  refund(userId: string): Promise<void>;
  /** Ends the message's hold on the month's AI budget once its calls are done, answered or not. */
  settle?(userId: string, reserva: string): Promise<void>;
}

export type TutorLimits = Record<TutorQuota['plan'], number>;

export const quotaExceededMessage = (q: TutorQuota) =>
  `Has alcanzado el límite de ${q.limite} mensajes diarios con el tutor de tu plan ${q.plan}. ` +
  (q.plan === 'gratuito' ? 'Vuelve mañana o pásate a premium para seguir preguntando.' : 'Vuelve mañana para seguir preguntando.');

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const nextMidnight = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();

export function dailyTutorQuota(store: TutorStore, limits: TutorLimits = TUTOR_DAILY_LIMITS, now: () => Date = clock.now): TutorQuotaPort {
  const view = (plan: TutorQuota['plan'], usados: number, at: Date): TutorQuota => {
    const limite = limits[plan];
    return { plan, limite, usados: Math.min(usados, limite), restantes: Math.max(0, limite - usados), renuevaEn: nextMidnight(at) };
  };
  return {
    async status(userId) {
      const at = now();
      const [plan, usados] = await Promise.all([store.plan(userId), store.messagesUsed(userId, dayOf(at))]);
      return view(plan, usados, at);
    },
    async consume(userId) {
      const at = now();
      const plan = await store.plan(userId);
      const usados = await store.consumeMessage(userId, dayOf(at), limits[plan]);
      if (usados === undefined) {
        const full = view(plan, limits[plan], at);
        throw new AppError(429, quotaExceededMessage(full), 'TutorQuotaExceeded');
      }
      return view(plan, usados, at);
    },
    async refund(userId) {
      await store.refundMessage(userId, dayOf(now()));
    },
  };
}
