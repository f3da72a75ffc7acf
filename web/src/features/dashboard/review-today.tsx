import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReviewSummary } from '../../../../lambdas/contract/review';
import { reviewApi } from '../review/api';

/** "Repaso de hoy" (cards due), the weekly goal and the streak, in the learner's time zone. */
export function ReviewToday() {
  const [summary, setSummary] = useState<ReviewSummary | undefined>();
  useEffect(() => {
    let live = true;
    reviewApi.summary().then((s) => live && setSummary(s), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!summary) return null;
  const { pendientes, metaSemanal: meta, racha } = summary;
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
        <p className="mt-1 text-3xl font-bold text-slate-900"><span aria-hidden="true">🔥 </span>{racha.dias}</p>
        <p className="text-sm text-slate-600">{racha.dias === 1 ? 'día seguido' : 'días seguidos'}</p>
        <p className="mt-4 text-sm text-slate-600">
          {racha.hoy ? 'Hoy ya sumaste. ¡Sigue así!' : racha.dias > 0 ? 'Completa una lección o un repaso hoy para no perderla.' : 'Completa una lección o un repaso para empezarla.'}
        </p>
      </section>
    </div>
  );
}
