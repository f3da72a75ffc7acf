import type { DiplomadoCourseState } from '../../../../lambdas/contract/diplomado';

const LABELS: Record<DiplomadoCourseState, [string, string]> = {
  sin_generar: ['Sin generar', 'bg-slate-100 text-slate-700'],
  generando: ['Generando', 'bg-amber-100 text-amber-900'],
  revisando_temario: ['Revisando temario', 'bg-sky-100 text-sky-900'],
  listo: ['Listo', 'bg-emerald-100 text-emerald-900'],
  error: ['Error', 'bg-red-100 text-red-900'],
};

export function CourseStateBadge({ estado }: { estado: DiplomadoCourseState }) {
  const [label, tone] = LABELS[estado];
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}
