import type { CourseState } from '../../../../lambdas/contract/courses';

const STATE: Record<CourseState, { text: string; className: string }> = {
  generando: { text: 'Generando', className: 'bg-amber-100 text-amber-900' },
  revisando_temario: { text: 'Revisando temario', className: 'bg-sky-100 text-sky-900' },
  listo: { text: 'Listo', className: 'bg-emerald-100 text-emerald-900' },
  error: { text: 'Error', className: 'bg-red-100 text-red-800' },
};

/** The course's generation state: generando / listo / error. */
export function StateBadge({ estado }: { estado: CourseState }) {
  const s = STATE[estado];
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.className}`}>{s.text}</span>;
}

/** Content written by the offline writer, not by a model (DESIGN §2): say so plainly. */
export function DemoBadge() {
  return (
    <span title="Contenido de demostración generado sin IA" className="inline-flex items-center rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900">
      Modo demostración
    </span>
  );
}
