import type { AiBudgetView } from '../../../../lambdas/contract/payments';

// The month's AI budget as the learner understands it (never dollars): how much is used, what the
// rest is worth in the plan's own units (courses this month, tutor messages today), and, once it is
// spent, when it renews: otherwise the plan card's renewal date is the only date (issue 34). The
// server counts both from the ceiling, a typical course's and message's cost and what the plan's
// counts still allow (lambdas/plans/ai-budget.ts).

/** "1 de diciembre": the renewal day, always the 1st (UTC, as the server counts months). */
const renewal = (iso: string) => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(iso));
const aprox = (n: number, one: string, many: string) => `~${n.toLocaleString('es-ES')} ${n === 1 ? one : many}`;

export function AiBudgetMeter({ ia }: { ia: AiBudgetView }) {
  const spent = ia.porcentajeUsado >= 100;
  const label = 'Uso de IA este mes';
  return (
    <div className="mt-4">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className={spent ? 'font-semibold text-red-700' : 'text-slate-600'}>{ia.porcentajeUsado} %</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={ia.porcentajeUsado} aria-valuetext={`${ia.porcentajeUsado} %`} className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full rounded-full ${spent ? 'bg-red-600' : 'bg-indigo-600'}`} style={{ width: `${Math.min(100, ia.porcentajeUsado)}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {spent
          ? `Has usado el presupuesto de IA de este mes. Se renueva el ${renewal(ia.renuevaEl)}.`
          : `Te queda para ${aprox(ia.cursosAprox, 'curso', 'cursos')} este mes y ${aprox(ia.mensajesTutorAprox, 'mensaje', 'mensajes')} al tutor hoy.`}
      </p>
    </div>
  );
}
