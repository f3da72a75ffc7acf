import { documentClient } from '../shared/clients';
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

/** For the tutor: one message per call, counted today. */
export const tutorMessageQuota = (quotas: PlanQuotas) => ({
  assertCanSendMessage: (userId: string) => quotas.consumeTutorMessage(userId),
});

/** For the diplomado: the plan must include it (402 otherwise); nothing is counted. */
export const diplomadoAccess = (quotas: PlanQuotas) => ({
  assertCanUseDiplomado: (userId: string) => quotas.assertDiplomado(userId),
});
