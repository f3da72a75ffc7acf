import type { CourseSummary } from '../../../../lambdas/contract/courses';

/**
 * A course's state as a learner reads it (issue 34): "Listo" meant "generated" but read as
 * "finished", so a written course says whether it is still to start, under way or completed.
 */
export type LearnerState = 'escribiendo' | 'revisando' | 'por_empezar' | 'en_curso' | 'completado' | 'error';

const STATE: Record<LearnerState, { text: string; className: string }> = {
  escribiendo: { text: 'Escribiéndose', className: 'bg-amber-100 text-amber-900' },
  revisando: { text: 'Revisando temario', className: 'bg-sky-100 text-sky-900' },
  por_empezar: { text: 'Por empezar', className: 'bg-slate-100 text-slate-800' },
  en_curso: { text: 'En curso', className: 'bg-indigo-100 text-indigo-900' },
  completado: { text: 'Completado', className: 'bg-emerald-100 text-emerald-900' },
  error: { text: 'Error', className: 'bg-red-100 text-red-800' },
};

type StateSource = Pick<CourseSummary, 'estado' | 'progreso' | 'ultimaLeccion'>;

/** `finished`: the course's certificate rule is met (every lesson and every evaluation), known by the caller. */
export function learnerState(c: StateSource, finished = false): LearnerState {
  if (c.estado === 'generando') return 'escribiendo';
  if (c.estado === 'revisando_temario') return 'revisando';
  if (c.estado === 'error') return 'error';
  if (finished) return 'completado';
  return c.progreso.completadas > 0 || c.ultimaLeccion ? 'en_curso' : 'por_empezar';
}

export function StateBadge({ course, finished = false }: { course: StateSource; finished?: boolean }) {
  const s = STATE[learnerState(course, finished)];
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.className}`}>{s.text}</span>;
}
