import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PlanSummary } from '../../../../lambdas/contract/payments';
import { call } from '../../lib/api';

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
 * `refresh` changes. If the plan cannot be read it stays undefined rather than a made-up number:
 * the server still enforces every limit.
 */
export function usePlanSummary(refresh: unknown = 0): PlanSummary | undefined {
  const [summary, setSummary] = useState<PlanSummary | undefined>();
  useEffect(() => {
    let stale = false;
    call('GET /payments/plan', {}, { silent: true }).then(
      (r) => !stale && setSummary(r.data),
      () => undefined,
    );
    return () => void (stale = true);
  }, [refresh]);
  return summary;
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
