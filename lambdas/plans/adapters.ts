import { documentClient } from '../shared/clients';
import { nextDay } from './plans';
import { planQuotas, type PlanQuotas } from './quotas';
import { dynamoUsageStore } from './usage-store';

// The quota adapters the other route groups plug into their ports (courses QuotaPort, tutor
// message quota, diplomado plan check). Each group's handler creates one at module scope.

/** The plan quotas on the real table. */
export const tableQuotas = (tableName: string): PlanQuotas => planQuotas(dynamoUsageStore(documentClient(), tableName));

/** For lambdas/courses QuotaPort: one new course per call, counted this month. */
export const courseQuota = (quotas: PlanQuotas) => ({
  assertCanCreateCourse: (userId: string) => quotas.consumeCourse(userId),
});

/** For a tutor port that only asks yes or no: one message per call, counted today. */
export const tutorMessageQuota = (quotas: PlanQuotas) => ({
  assertCanSendMessage: (userId: string) => quotas.consumeTutorMessage(userId),
});

/** For lambdas/diplomado DiplomadoAccessPort: the plan must include it (402 otherwise); nothing is counted. */
export const diplomadoAccess = (quotas: PlanQuotas) => ({
  assertCanCreateDiplomado: (userId: string) => quotas.assertDiplomado(userId),
});

/**
 * The tutor's TutorQuotaPort (lambdas/tutor/quota.ts) on the plan counters, so the tutor, the
 * plan page and the limits in plans.ts all read one count. Same shape of answer as the tutor's own.
 */
export function tutorQuotaPort(quotas: PlanQuotas, now: () => Date = () => new Date()) {
  const view = async (userId: string) => {
    const u = await quotas.usage(userId);
    const { usados, limite } = u.mensajesTutor;
    return { plan: u.plan, limite, usados: Math.min(usados, limite), restantes: Math.max(0, limite - usados), renuevaEn: nextDay(now()) };
  };
  return {
    status: view,
    async consume(userId: string) {
      await quotas.consumeTutorMessage(userId);
      return view(userId);
    },
    refund: (userId: string) => quotas.release(userId, 'tutor'),
  };
}
