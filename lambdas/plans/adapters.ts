import { COURSE_SHAPE, type PlanRequest } from '../contract';
import { clock } from '../shared/clock';
import { documentClient } from '../shared/clients';
import { AppError } from '../shared/errors';
import { CURSOS_A_LA_VEZ, nextDay, outlineLimit, planLimits, type AllowanceName, type AulaAllowance, type MaterialAllowance, type PlanName } from './plans';
import { modelAllowance, planQuotas, type PlanQuotas } from './quotas';
import { dynamoUsageStore } from './usage-store';
import { aiBudget, type AiBudget } from './ai-budget';
import { courseHoldUsd } from './course-cost';
import { dynamoSpendStore } from './spend-store';

// The quota adapters the other route groups plug into their ports (courses QuotaPort, tutor
// message quota, diplomado plan check). Each group's handler creates one at module scope.

/** The learner's monthly model budget on the real table: checked by the quotas, charged by the model meters. */
export const tableBudget = (tableName: string, now: () => Date = clock.now): AiBudget => aiBudget(dynamoSpendStore(documentClient(), tableName), now);

/** The plan quotas on the real table, the monthly model budget included. */
export const tableQuotas = (tableName: string): PlanQuotas => planQuotas(dynamoUsageStore(documentClient(), tableName), clock.now, tableBudget(tableName));

/** For lambdas/materials: the learner's plan and what it lets them keep in "Mis materiales" (plans.ts `materiales`). */
export const tableMaterialAllowance = (tableName: string) => {
  const usage = dynamoUsageStore(documentClient(), tableName);
  return async (userId: string): Promise<{ plan: PlanName } & MaterialAllowance> => {
    const plan = await usage.planOf(userId);
    return { plan, ...planLimits(plan).materiales };
  };
};

/** For lambdas/narration: the learner's plan and its minutes a month (plans.ts `narracionMinutosPorMes`). */
export const tableNarrationPlan = (tableName: string) => {
  const usage = dynamoUsageStore(documentClient(), tableName);
  return async (userId: string): Promise<{ plan: PlanName; minutosPorMes: number }> => {
    const plan = await usage.planOf(userId);
    return { plan, minutosPorMes: planLimits(plan).narracionMinutosPorMes };
  };
};

/** For lambdas/aulas: the teacher's plan and the aulas it allows (plans.ts `aulas`). */
export const tableAulaAllowance = (tableName: string) => {
  const usage = dynamoUsageStore(documentClient(), tableName);
  return async (userId: string): Promise<{ plan: PlanName } & AulaAllowance> => {
    const plan = await usage.planOf(userId);
    return { plan, ...planLimits(plan).aulas };
  };
};

/**
 * For a model call that is not a Converse call (the materials' embeddings): adds its cost, in USD at list
 * price, to the learner's month like the model meters do (drawn from work `reserva`'s hold when given).
 * A failed write is logged, never fails the work.
 */
export const tableSpendCharge = (tableName: string, now: () => Date = clock.now) => {
  const budget = aiBudget(dynamoSpendStore(documentClient(), tableName), now);
  return (userId: string, usd: number, reserva?: string) => budget.charge(userId, usd, reserva);
};

/** A daily model allowance (plans.ts `porDia`) for the lessons, evaluations, suggestions and diplomado routes. */
export const tableAllowance = (tableName: string, name: AllowanceName) => modelAllowance(tableQuotas(tableName), name);

export const outlineBeyondPlan = (plan: PlanName, most: { modulos: number; leccionesPorModulo: number }) =>
  `Tu plan ${plan} permite cursos de hasta ${most.modulos} módulos con ${most.leccionesPorModulo} lecciones cada uno.`;

/**
 * For lambdas/courses QuotaPort: one new course per call, counted this month, no larger than the
 * plan's `temario` (a refused size gives the unit back: a refusal changes nothing).
 */
export const courseQuota = (quotas: PlanQuotas) => ({
  assertCanCreateCourse: async (userId: string, req: Pick<PlanRequest, 'modulos' | 'leccionesPorModulo'> | undefined, reserva: string) => {
    const asked = { modulos: req?.modulos ?? COURSE_SHAPE.defaultModules, leccionesPorModulo: req?.leccionesPorModulo ?? COURSE_SHAPE.defaultLessons };
    // The course's shape is known here: it holds what a course of that shape costs (course-cost.ts).
    const { plan } = await quotas.consumeCourse(userId, reserva, courseHoldUsd(asked.modulos, asked.leccionesPorModulo));
    const most = outlineLimit(asked, plan);
    if (most.modulos < asked.modulos || most.leccionesPorModulo < asked.leccionesPorModulo) {
      await quotas.release(userId, 'cursos');
      await quotas.settle(userId, reserva);
      throw new AppError(400, outlineBeyondPlan(plan, outlineLimit({ modulos: Infinity, leccionesPorModulo: Infinity }, plan)), 'OutlineBeyondPlan');
    }
  },
  /** Ends the course run's hold on the month's AI budget (when the run ends, or fails to start). */
  settle: (userId: string, reserva: string) => quotas.settle(userId, reserva),
  /** A start refused after the check (too many courses at once): the unit and the hold go back. */
  giveBack: async (userId: string, reserva: string) => {
    await quotas.release(userId, 'cursos');
    await quotas.settle(userId, reserva);
  },
});

/** For a tutor port that only asks yes or no: one message per call, counted today. */
export const tutorMessageQuota = (quotas: PlanQuotas) => ({
  assertCanSendMessage: async (userId: string, reserva: string) => void (await quotas.consumeTutorMessage(userId, reserva)),
});

/** For lambdas/diplomado DiplomadoAccessPort: the plan must include it (402 otherwise); nothing is counted. */
export const diplomadoAccess = (quotas: PlanQuotas) => ({
  assertCanCreateDiplomado: (userId: string) => quotas.assertDiplomado(userId),
});

/**
 * The tutor's TutorQuotaPort (lambdas/tutor/quota.ts) on the plan counters, so the tutor, the
 * plan page and the limits in plans.ts all read one count. Same shape of answer as the tutor's own.
 */
export function tutorQuotaPort(quotas: PlanQuotas, now: () => Date = clock.now) {
  const view = ({ plan, usados, limite }: { plan: PlanName; usados: number; limite: number }) => ({
    plan, limite, usados: Math.min(usados, limite), restantes: Math.max(0, limite - usados), renuevaEn: nextDay(now()),
  });
  return {
    status: async (userId: string) => {
      const u = await quotas.usage(userId);
      return view({ plan: u.plan, ...u.mensajesTutor });
    },
    consume: async (userId: string, reserva: string) => view(await quotas.consumeTutorMessage(userId, reserva)),
    refund: (userId: string) => quotas.release(userId, 'tutor'),
    /** Ends the message's hold on the month's AI budget, answered or not. */
    settle: (userId: string, reserva: string) => quotas.settle(userId, reserva),
  };
}

/** For lambdas/courses: the learner's plan and how many courses it lets generate at once (plans.ts CURSOS_A_LA_VEZ). */
export const coursesAtOnce = (tableName: string) => {
  const usage = dynamoUsageStore(documentClient(), tableName);
  return async (userId: string) => {
    const plan = await usage.planOf(userId);
    return { plan, cursos: CURSOS_A_LA_VEZ[plan] };
  };
};
