// The public module of lambdas/plans: what other rooms may use. Anything not listed here is private to the room.
export { courseQuota, diplomadoAccess, tableAllowance, tableAulaAllowance, tableBudget, tableMaterialAllowance, tableNarrationPlan, tableQuotas, tableSpendCharge, tutorQuotaPort } from './adapters';
export { budgetView, type AiBudget } from './ai-budget';
export { NARRATION, PLANS, RETRIES_PER_COURSE, monthKey, narrationCostUsd, narrationMinutes, nextMonth, outlineLimit, planLimits, type AllowanceName, type AulaAllowance, type MaterialAllowance, type PlanName } from './plans';
export { paymentRequired } from './quotas';
export { metered, modelAllowance, type ModelAllowance, type PlanQuotas } from './quotas';
