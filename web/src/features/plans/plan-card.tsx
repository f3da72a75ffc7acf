import type { ReactNode } from 'react';
import type { PlanSummary } from '../../../../lambdas/contract/payments';

type Plan = PlanSummary['planes'][number];

const Check = ({ ok }: { ok: boolean }) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className={`mt-0.5 h-5 w-5 flex-none ${ok ? 'text-emerald-600' : 'text-slate-400'}`}>
    {ok ? <path fill="currentColor" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" /> : <path fill="currentColor" d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />}
  </svg>
);

/** One plan in the side-by-side comparison; the features come from the server's plan definition. */
export function PlanCard({ plan, title, price, note, current, highlight, action }: {
  plan: Plan; title: string; price: string; note: string; current: boolean; highlight?: boolean; action: ReactNode;
}) {
  const features: [string, boolean][] = [
    [`${plan.cursosPorMes} cursos nuevos al mes`, true],
    [`${plan.mensajesTutorPorDia} mensajes al tutor IA al día`, true],
    [plan.diplomado ? 'Diplomados: programas de varios cursos' : 'Sin diplomados', plan.diplomado],
    ['Lecciones, evaluaciones y seguimiento del progreso', true],
  ];
  return (
    <article aria-labelledby={`plan-${plan.nombre}`} className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 sm:p-8 ${highlight ? 'ring-2 ring-indigo-600' : 'ring-slate-200'}`}>
      {current && <span className="absolute right-4 top-4 rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-800">Tu plan actual</span>}
      <h2 id={`plan-${plan.nombre}`} className="text-xl font-bold text-slate-900">{title}</h2>
      <p className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{price}</p>
      <p className="mt-1 min-h-[1.5rem] text-sm text-slate-600">{note}</p>
      <ul className="mt-6 flex-1 space-y-3">
        {features.map(([text, ok]) => (
          <li key={text} className={`flex gap-2 ${ok ? 'text-slate-800' : 'text-slate-600'}`}>
            <Check ok={ok} />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
