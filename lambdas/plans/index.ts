// The public module of lambdas/plans: what other rooms may use. Anything not listed here is private to the room.
export { courseQuota, diplomadoAccess, tableAllowance, tableQuotas, tutorQuotaPort } from './adapters';
export { PLANS, RETRIES_PER_COURSE, outlineLimit, type AllowanceName, type PlanName } from './plans';
export { metered, modelAllowance, type ModelAllowance, type PlanQuotas } from './quotas';
