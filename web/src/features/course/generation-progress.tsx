import type { JobView } from '../../../../lambdas/contract/courses';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';

/** Share of the job done, 0–100; the first poll may not have arrived yet. */
export const jobPercent = (job: JobView | undefined) => (job && job.total ? (job.done / job.total) * 100 : 0);

/** "En cola: N cursos por delante" while the course waits for the model budget (issue 23); one reads "1 curso". */
export const queueText = (porDelante: number) => `En cola: ${porDelante} ${porDelante === 1 ? 'curso' : 'cursos'} por delante`;

/** Issue 35: the honest wait, from what the courses ahead still ask of the model budget ("Tu curso empezará en ~N min"). */
export const waitText = (minutos: number, started: boolean) => `Tu curso ${started ? 'seguirá' : 'empezará'} en ~${minutos} min`;

/**
 * The real progress of a course being written (SPEC §9 "Creando tu curso personalizado..."):
 * the step in Spanish and n/total, announced politely to screen readers when the step changes.
 * While the course waits its turn for the model, the step gives way to its place in the queue.
 */
export function GenerationProgress({ job, compact = false }: { job: JobView | undefined; compact?: boolean }) {
  const step = job?.cola ? queueText(job.cola.porDelante) : (job?.stepLabel ?? 'Preparando la generación');
  const wait = job?.cola?.minutos ? waitText(job.cola.minutos, job.done > 0) : undefined;
  const counts = job ? `${job.done}/${job.total}` : '';
  return (
    <div className={compact ? '' : 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8'}>
      <div className="flex items-center gap-3">
        <Spinner size={compact ? 'sm' : 'md'} />
        <p className={compact ? 'font-semibold text-slate-900' : 'text-lg font-bold text-slate-900'}>Creando tu curso personalizado...</p>
      </div>
      <ProgressBar
        className="mt-4"
        size={compact ? 'md' : 'lg'}
        value={jobPercent(job)}
        label="Progreso de la generación del curso"
        valueText={job ? `${step}: ${job.done} de ${job.total} pasos` : step}
        showValue
      />
      <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm text-slate-700" aria-live="polite">
        <span>
          {step}
          {wait && <span className="block text-slate-600">{wait}</span>}
        </span>
        {counts && <span className="tabular-nums" aria-label={`Paso ${job!.done} de ${job!.total}`}>{counts}</span>}
      </p>
    </div>
  );
}
