import type { PlanSummary } from '../../../../lambdas/contract/payments';
import { usePlanSummary } from '../plans';

export type MaterialAllowance = NonNullable<PlanSummary['planes'][number]['materiales']>;

/** The learner's plan's "Mis materiales" allowance (GET /payments/plan), or undefined while unknown: the server still checks. */
export function useMaterialAllowance(): MaterialAllowance | undefined {
  const summary = usePlanSummary();
  return summary?.planes.find((p) => p.nombre === summary.plan)?.materiales;
}
