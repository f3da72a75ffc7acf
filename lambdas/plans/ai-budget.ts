import type { AiBudgetView } from '../contract';
import type { Meter } from '../shared/ai/structured-output';
import { cacheOf, costUsd } from '../shared/ai/model-table';
import { clock } from '../shared/clock';
import { AppError } from '../shared/errors';
import { logger } from '../shared/logger';
import { countMetric } from '../shared/observability';
import { monthKey, nextMonth, planLimits, TYPICAL_COST_USD, type PlanName } from './plans';
import type { SpendStore } from './spend-store';

// The learner's monthly model budget (plans.ts `presupuestoIAUsdPorMes`), reserved before it is
// spent: every piece of model work (a course, a job, a tutor message, a material's embeddings) first
// holds an estimate of its cost (budget-estimates.ts) in the learner's month with one conditional
// write, and answers 429 when the hold does not fit under the ceiling, so no number of simultaneous
// requests commits past it. Each call of the work draws its cost (list prices, failed calls, repairs
// and fallbacks included) from the hold; when the work ends, well or not, the hold is settled: what
// the calls did not use goes back. A call beyond the hold is still charged (work is never stopped
// half-way), so the month passes the ceiling only by what work cost past its estimate.

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** "Has usado el presupuesto de IA de este mes. Se renueva el 1 de diciembre." */
export const budgetMessage = (now: Date) =>
  `Has usado el presupuesto de IA de este mes. Se renueva el 1 de ${MONTHS[new Date(nextMonth(now)).getUTCMonth()]}.`;

export interface BudgetUsage {
  usadoUsd: number;
  limiteUsd: number;
  /** When the month's spend starts again: the 1st of next month, midnight UTC. */
  renuevaEl: string;
}

export interface AiBudget {
  /**
   * Holds `usd` of the learner's month for work `id` before it starts (one conditional write): throws
   * 429 (Spanish, with the day it resets) when it does not fit. Holding again under the same id is a no-op.
   */
  reserve(userId: string, plan: PlanName, id: string, usd: number): Promise<void>;
  /** Ends work `id`: what its calls did not use goes back. Settling twice, or what never held, changes nothing. Never throws. */
  settle(userId: string, id: string): Promise<void>;
  usage(userId: string, plan: PlanName): Promise<BudgetUsage>;
  /** A meter (structured-output.ts) that adds each call's cost to the learner's month, drawn from work `reserva`'s hold when given. */
  meterFor(userId: string, reserva?: string): Meter;
  /** A cost that is not a Converse call (embeddings), in USD, charged like a call. Never throws. */
  charge(userId: string, usd: number, reserva?: string): Promise<void>;
}

const toMicro = (usd: number) => Math.round(usd * 1e6);
/** The month before `month` (`2026-12` → `2026-11`): work started before the 1st settles where it held. */
const previousMonth = (at: Date) => monthKey(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 15)));

export function aiBudget(store: SpendStore, now: () => Date = clock.now): AiBudget {
  const usage = async (userId: string, plan: PlanName): Promise<BudgetUsage> => {
    const at = now();
    const micro = await store.spent(userId, monthKey(at));
    return { usadoUsd: micro / 1e6, limiteUsd: planLimits(plan).presupuestoIAUsdPorMes, renuevaEl: nextMonth(at) };
  };
  // A failed write must not fail the work it meters (the call is done and paid): it is logged
  // with its amount, so the month can be corrected from the logs.
  const add = async (userId: string, micro: number, reserva: string | undefined, what: Record<string, unknown>) => {
    if (micro <= 0) return;
    const at = now();
    try {
      if (reserva) for (const month of [monthKey(at), previousMonth(at)]) if (await store.draw(userId, month, reserva, micro)) return;
      await store.add(userId, monthKey(at), micro);
    } catch (error) {
      logger.error('could not add a model call to the learner month', { error: error as Error, microUsd: micro, ...what });
    }
  };
  return {
    usage,
    async reserve(userId, plan, id, usd) {
      const at = now();
      const ceiling = toMicro(planLimits(plan).presupuestoIAUsdPorMes);
      // At least a millionth: a hold of nothing would let any number of requests through.
      if ((await store.reserve(userId, monthKey(at), id, Math.max(1, Math.ceil(usd * 1e6)), ceiling)) === 'held') return;
      countMetric('QuotaExceeded');
      throw new AppError(429, budgetMessage(at), 'AiBudgetExceeded');
    },
    async settle(userId, id) {
      const at = now();
      try {
        for (const month of [monthKey(at), previousMonth(at)]) if (await store.settle(userId, month, id)) return;
      } catch (error) {
        // Left held: the month's roll gives it back (the hold only ever refuses more, never less).
        logger.error('could not settle a model budget reservation', { error: error as Error, reserva: id });
      }
    },
    meterFor: (userId, reserva) => (spent) =>
      add(userId, toMicro(costUsd(spent.modelId, spent.usage.inputTokens, spent.usage.outputTokens, cacheOf(spent.usage))), reserva, { modelId: spent.modelId, purpose: spent.purpose }),
    // Rounded up: embedding a short text costs less than the month's unit (a micro-dollar), never nothing.
    charge: (userId, usd, reserva) => add(userId, Math.ceil(usd * 1e6), reserva, { purpose: 'embedding' }),
  };
}

/**
 * What the learner reads on the plan page: the share of the month's budget used, and what is
 * left counted in the plan's own units (issue 34: one truth): typical courses this month, never more
 * than the month's course count still allows, and tutor messages today, never more than today's
 * count still allows (the plan counts messages per day).
 */
export function budgetView(u: BudgetUsage, cursosRestantes: number, mensajesRestantesHoy = Number.POSITIVE_INFINITY): AiBudgetView {
  const left = Math.max(0, u.limiteUsd - u.usadoUsd);
  return {
    porcentajeUsado: u.limiteUsd > 0 ? Math.min(100, Math.ceil((u.usadoUsd / u.limiteUsd) * 100)) : 100,
    cursosAprox: Math.max(0, Math.min(cursosRestantes, Math.floor(left / TYPICAL_COST_USD.curso))),
    mensajesTutorAprox: Math.max(0, Math.min(mensajesRestantesHoy, Math.floor(left / TYPICAL_COST_USD.mensajeTutor))),
    renuevaEl: u.renuevaEl,
  };
}
