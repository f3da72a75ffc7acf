import { useAuthStore } from '../auth/store';

/**
 * The learner's remaining courses this month, when the API says so. The plans issue (7) adds the
 * figure to the user; until then nothing is shown rather than a made-up number.
 * Expected shape on the user: `cuotas.cursos = { restantes: number, limite: number }`.
 */
export interface CourseQuota {
  restantes: number;
  limite?: number;
}

export function readCourseQuota(user: unknown): CourseQuota | undefined {
  const q = (user as { cuotas?: { cursos?: Partial<CourseQuota> } } | null)?.cuotas?.cursos;
  return q && typeof q.restantes === 'number' ? { restantes: q.restantes, ...(typeof q.limite === 'number' && { limite: q.limite }) } : undefined;
}

export function QuotaNote() {
  const quota = readCourseQuota(useAuthStore((s) => s.user));
  if (!quota) return null;
  const none = quota.restantes <= 0;
  return (
    <p className={`mb-4 rounded-lg px-3 py-2 text-sm ${none ? 'bg-amber-50 text-amber-900' : 'bg-indigo-50 text-indigo-900'}`}>
      {none
        ? 'Has usado todos tus cursos de este mes. Mejora tu plan para crear más.'
        : `Te quedan ${quota.restantes}${quota.limite !== undefined ? ` de ${quota.limite}` : ''} cursos este mes.`}
    </p>
  );
}
