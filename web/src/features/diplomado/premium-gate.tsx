import { Link } from 'react-router-dom';

/** What a free learner sees instead of the diplomado form: what the plan adds and the way to it. */
export function PremiumGate() {
  return (
    <section aria-labelledby="diplomado-premium" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-amber-200 sm:p-8">
      <p className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4"><path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" /></svg>
        Premium
      </p>
      <h2 id="diplomado-premium" className="mt-3 text-xl font-semibold text-slate-900">Los diplomados son parte del plan Premium</h2>
      <p className="mt-2 text-slate-700">
        Con Premium, Mentora diseña un programa de 3 a 6 cursos en orden, de los fundamentos a la práctica, sobre lo que quieras
        dominar. Después generas cada curso cuando quieras.
      </p>
      <Link to="/changeplan" className="mt-5 inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">
        Ver planes y pasar a Premium
      </Link>
    </section>
  );
}
