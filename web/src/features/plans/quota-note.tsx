import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { PlanSummary } from '../../../../lambdas/contract/payments';
import { paymentKeys, paymentsApi } from '../payments';

/** Courses left this month, from the plan's counters. */
export interface CourseQuota {
  restantes: number;
  limite: number;
}

export function readCourseQuota(summary: Partial<PlanSummary> | undefined): CourseQuota | undefined {
  const c = summary?.uso?.cursos;
  if (!c || typeof c.limite !== 'number' || typeof c.usados !== 'number') return undefined;
  return { restantes: Math.max(0, c.limite - c.usados), limite: c.limite };
}

/**
 * The learner's plan summary (GET /payments/plan, issue 7), asked quietly and asked again whenever
 * `refresh` changes (the caller counts its own spending actions). If the plan cannot be read it stays
 * undefined rather than a made-up number: the server still enforces every limit.
 */
export function usePlanSummary(refresh = 0): PlanSummary | undefined {
  const { data } = useQuery({
    queryKey: paymentKeys.usage(refresh),
    queryFn: () => paymentsApi.plan({ silent: true }),
    // Usage moves outside this page (another tab, the server's counters): read again on every mount,
    // showing the cached figure meanwhile; a new `refresh` keeps the last figure until the new one comes.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  return data;
}

/** The learner's remaining courses this month, from the plan's counters. */
export function QuotaNote() {
  const quota = readCourseQuota(usePlanSummary());
  if (!quota) return null;
  const none = quota.restantes <= 0;
  return (
    <p className={`mb-4 rounded-lg px-3 py-2 text-sm ${none ? 'bg-amber-50 text-amber-900' : 'bg-indigo-50 text-indigo-900'}`}>
      {none ? (
        <>
          Has usado tus {quota.limite} cursos de este mes.{' '}
          <Link to="/changeplan" className="font-semibold underline underline-offset-2">Mejora tu plan</Link> para crear más.
        </>
      ) : (
        `Te quedan ${quota.restantes} de ${quota.limite} cursos este mes.`
      )}
    </p>
  );
}
