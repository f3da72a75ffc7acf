// The public module of web/src/features/plans: what other rooms may use. Anything not listed here is private to the room.
export { AllowanceNote, allowanceText, readAllowance } from './allowance-note';
export { QuotaNote, usePlanSummary } from './quota-note';
