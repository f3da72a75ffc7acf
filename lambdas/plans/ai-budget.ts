import type { AiBudgetView } from '../contract';
import type { Meter } from '../shared/ai/structured-output';
import { costUsd } from '../shared/ai/model-table';
import { clock } from '../shared/clock';
import { AppError } from '../shared/errors';
import { logger } from '../shared/logger';
import { countMetric } from '../shared/observability';
import { monthKey, nextMonth, planLimits, TYPICAL_COST_USD, type PlanName } from './plans';
import type { SpendStore } from './spend-store';

// The learner's monthly model budget (plans.ts `presupuestoIAUsdPorMes`): every model call adds
// its cost at list prices to the learner's month when it ends (failed calls, repairs and fallbacks
// included); every model action reads the month once before it starts and answers 429 past the
// plan's ceiling. A course already running is never stopped: it is charged as it goes and may end
// a little past the ceiling, which then refuses the next action.

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
  /** One read: throws 429 (Spanish, with the day it resets) when the learner's month is spent. */
  assertWithin(userId: string, plan: PlanName): Promise<void>;
  usage(userId: string, plan: PlanName): Promise<BudgetUsage>;
  /** A meter (structured-output.ts) that adds each call's cost to the learner's month. */
  meterFor(userId: string): Meter;
}

const toMicro = (usd: number) => Math.round(usd * 1e6);

export function aiBudget(store: SpendStore, now: () => Date = clock.now): AiBudget {
  const usage = async (userId: string, plan: PlanName): Promise<BudgetUsage> => {
    const at = now();
    const micro = await store.spent(userId, monthKey(at));
    return { usadoUsd: micro / 1e6, limiteUsd: planLimits(plan).presupuestoIAUsdPorMes, renuevaEl: nextMonth(at) };
  };
  return {
    usage,
    async assertWithin(userId, plan) {
      const u = await usage(userId, plan);
      if (u.usadoUsd < u.limiteUsd) return;
      countMetric('QuotaExceeded');
      throw new AppError(429, budgetMessage(now()), 'AiBudgetExceeded');
    },
    meterFor: (userId) => async (spent) => {
      const micro = toMicro(costUsd(spent.modelId, spent.usage.inputTokens, spent.usage.outputTokens));
      if (micro <= 0) return;
      // A failed write must not fail the work it meters (the call is done and paid): it is logged
      // with its amount, so the month can be corrected from the logs.
      await store.add(userId, monthKey(now()), micro).catch((error: unknown) =>
        logger.error('could not add a model call to the learner month', { error: error as Error, microUsd: micro, modelId: spent.modelId, purpose: spent.purpose }),
      );
    },
  };
}

/**
 * What the learner reads on the plan page: the share of the month's budget used, and what is
 * left counted in typical courses (never more than the month's course count still allows) and
 * tutor messages.
 */
export function budgetView(u: BudgetUsage, cursosRestantes: number): AiBudgetView {
  const left = Math.max(0, u.limiteUsd - u.usadoUsd);
  return {
    porcentajeUsado: u.limiteUsd > 0 ? Math.min(100, Math.ceil((u.usadoUsd / u.limiteUsd) * 100)) : 100,
    cursosAprox: Math.max(0, Math.min(cursosRestantes, Math.floor(left / TYPICAL_COST_USD.curso))),
    mensajesTutorAprox: Math.floor(left / TYPICAL_COST_USD.mensajeTutor),
    renuevaEl: u.renuevaEl,
  };
}
