// The public module of lambdas/plans: what other rooms may use. Anything not listed here is private to the room.
// The room is side-effect free, and says so to esbuild (package.json `sideEffects: false`): a bundle keeps only
// the plans code it calls, so one that never reserves model budget does not build budget-estimates.ts and with
// it every prompt (issue 35, docs/architecture.md "Cold init"). Keep module top levels to declarations.
export { courseQuota, coursesAtOnce, diplomadoAccess, tableAllowance, tableAulaAllowance, tableBudget, tableMaterialAllowance, tableNarrationPlan, tableQuotas, tableSpendCharge, tutorQuotaPort } from './adapters';
export { budgetView, type AiBudget } from './ai-budget';
export { CURSOS_A_LA_VEZ, NARRATION, PLANS, RETRIES_PER_COURSE, monthKey, narrationCostUsd, narrationMinutes, nextMonth, outlineLimit, planLimits, type AllowanceName, type AulaAllowance, type MaterialAllowance, type PlanName } from './plans';
export { paymentRequired } from './quotas';
export { metered, modelAllowance, type ModelAllowance, type PlanQuotas } from './quotas';
