import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { reviewApi, reviewKeys } from '../review';

/**
 * "Repaso de hoy" (cards due), the weekly goal and the streak, in the learner's time zone. `newcomer`
 * (no course yet): three zeros tell them nothing, and their first step is the empty state's below.
 */
export function ReviewToday({ newcomer = false }: { newcomer?: boolean }) {
  // Read each time the dashboard opens: the streak and the weekly goal move with lessons and the clock.
  const { data: summary } = useQuery({ queryKey: reviewKeys.summary(), queryFn: reviewApi.summary, staleTime: 0 });
  if (!summary) return null;
  const { pendientes, metaSemanal: meta, racha } = summary;
  if (newcomer && pendientes === 0 && meta.hechas === 0 && racha.dias === 0) return null;
  const percent = Math.min(100, Math.round((meta.hechas / meta.meta) * 100));

  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-3">
      <section aria-labelledby="repaso-hoy" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="repaso-hoy" className="font-semibold text-slate-700">Repaso de hoy</h2>
        <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="repaso-pendientes">{pendientes}</p>
        <p className="text-sm text-slate-600">{pendientes === 1 ? 'pregunta lista para repasar' : 'preguntas listas para repasar'}</p>
        {pendientes > 0 ? (
          <Link to="/repaso" className="mt-4 inline-flex rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">Empezar repaso</Link>
        ) : (
          <p className="mt-4 text-sm font-medium text-emerald-700">¡Todo al día!</p>
        )}
      </section>
      <section aria-labelledby="meta-semanal" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="meta-semanal" className="font-semibold text-slate-700">Meta semanal</h2>
        <p className="mt-1 text-3xl font-bold text-slate-900">{meta.hechas}<span className="text-lg font-semibold text-slate-500"> / {meta.meta}</span></p>
        <p className="text-sm text-slate-600">lecciones o repasos esta semana</p>
        <div role="progressbar" aria-label="Progreso de la meta semanal" aria-valuemin={0} aria-valuemax={meta.meta} aria-valuenow={Math.min(meta.hechas, meta.meta)}
          className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-100">
          <div className={`h-full rounded-full ${meta.cumplida ? 'bg-emerald-500' : 'bg-indigo-600'}`} style={{ width: `${percent}%` }} />
        </div>
        {meta.cumplida && <p className="mt-2 text-sm font-medium text-emerald-700">¡Meta cumplida!</p>}
      </section>
      <section aria-labelledby="racha" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="racha" className="font-semibold text-slate-700">Racha</h2>
        <p className="mt-1 flex items-center gap-1.5 text-3xl font-bold text-slate-900">
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-7 w-7 ${racha.dias > 0 ? 'text-orange-500' : 'text-slate-300'}`}>
            <path fill="currentColor" d="M12 2c1 3.5-1.5 5.5-3 7.5C7.5 11.5 7 13 7 14.5A5 5 0 0 0 12 20a5 5 0 0 0 5-5.5c0-2-1-3.5-2-4.5 0 1.5-.5 2.5-1.5 3 .5-3.5-.5-8-1.5-11z" />
          </svg>
          {racha.dias}
        </p>
        <p className="text-sm text-slate-600">{racha.dias === 1 ? 'día seguido' : 'días seguidos'}</p>
        <p className="mt-4 text-sm text-slate-600">
          {racha.hoy ? 'Hoy ya sumaste. ¡Sigue así!' : racha.dias > 0 ? 'Completa una lección o un repaso hoy para no perderla.' : 'Completa una lección o un repaso para empezarla.'}
        </p>
      </section>
    </div>
  );
}
