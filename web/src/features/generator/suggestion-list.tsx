import type { CourseSuggestion } from '../../../../lambdas/contract/courses';
import { levelLabel } from './course-form';

/** Suggested courses for the topic; choosing one fills the form (the learner can still adjust it). */
export function SuggestionList({ items, chosen, onChoose }: { items: CourseSuggestion[]; chosen: string | null; onChoose: (s: CourseSuggestion) => void }) {
  return (
    <section aria-labelledby="sugerencias" className="mt-8">
      <h2 id="sugerencias" className="text-xl font-bold text-slate-900">Sugerencias para ti</h2>
      <p className="mt-1 text-sm text-slate-600">Elige una para rellenar el formulario o sigue con tu propio tema.</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {items.map((s) => {
          const selected = chosen === s.titulo;
          return (
            <li key={s.titulo} className={`flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ${selected ? 'ring-2 ring-indigo-600' : 'ring-slate-200'}`}>
              <h3 className="font-semibold text-slate-900">{s.titulo}</h3>
              <p className="mt-1 text-sm text-slate-700">{s.descripcion}</p>
              <p className="mt-2 flex flex-wrap gap-2 text-xs font-medium">
                <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-indigo-800">{levelLabel(s.nivel)}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{s.duracionEstimada}</span>
              </p>
              {s.aprenderas.length > 0 && (
                <>
                  <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">Aprenderás</p>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
                    {s.aprenderas.slice(0, 4).map((a) => <li key={a}>{a}</li>)}
                  </ul>
                </>
              )}
              <button
                type="button"
                aria-pressed={selected}
                aria-label={`${selected ? 'Elegida' : 'Elegir esta'}: ${s.titulo}`}
                onClick={() => onChoose(s)}
                className={`mt-4 self-start rounded-lg px-3 py-2 text-sm font-semibold ${selected ? 'bg-indigo-600 text-white' : 'text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50'}`}
              >
                {selected ? 'Elegida' : 'Elegir esta'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
