import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BillingPeriod } from '../../../../lambdas/contract/payments';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { browser, formatDate, formatMoney, LoadError, PageHeader, paymentKeys, paymentsApi, SUBSCRIPTION_STATES, useLoad } from '../payments';
import { PlanCard } from './plan-card';
import { UsageMeter } from './usage-meter';
import { AiBudgetMeter } from './ai-budget-meter';

/** /changeplan and /payments/upgrade: the plans side by side, the learner's plan and usage, and the way to premium. */
export default function ChangePlanPage() {
  const { data, error, loading, reload } = useLoad(paymentKeys.plan(), () => paymentsApi.plan(), 'No pudimos cargar los planes.');
  // Until the learner picks one: the period they pay for, if they subscribe, else monthly.
  const [picked, setPeriod] = useState<BillingPeriod | null>(null);
  const period: BillingPeriod = picked ?? data?.suscripcion?.periodo ?? 'mensual';
  const [busy, setBusy] = useState<'upgrade' | 'portal' | null>(null);

  async function leaveFor(which: 'upgrade' | 'portal', fallback: string) {
    setBusy(which);
    try {
      browser.go(await (which === 'upgrade' ? paymentsApi.upgrade(period) : paymentsApi.portal()));
    } catch (e) {
      notify.error(errorMessage(e, fallback));
      setBusy(null);
    }
  }
  const upgrade = () => leaveFor('upgrade', 'No pudimos abrir el pago. Inténtalo de nuevo.');
  const manage = () => leaveFor('portal', 'No pudimos abrir la gestión de tu suscripción. Inténtalo de nuevo.');

  // Said from the plans themselves (issue 34: Premium has limits too, so never "sin límites").
  const freePlan = data?.planes.find((p) => p.nombre === 'gratuito');
  const premiumPlan = data?.planes.find((p) => p.nombre === 'premium');
  const lead = freePlan && premiumPlan
    ? `Aprende gratis con ${freePlan.cursosPorMes} cursos al mes, o con ${premiumPlan.cursosPorMes} cursos al mes${premiumPlan.diplomado ? ' y diplomados' : ''} con Premium.`
    : 'Aprende a tu ritmo gratis, o con más cursos y más tutor con Premium.';
  const header = <PageHeader title="Planes y precios" lead={lead} />;
  if (loading && !data) return <section className="mx-auto max-w-5xl">{header}<div className="mt-10 flex justify-center"><Spinner label="Cargando planes" /></div></section>;
  if (error || !data) return <section className="mx-auto max-w-5xl">{header}<LoadError message={error ?? 'No pudimos cargar los planes.'} onRetry={reload} /></section>;

  const [free, premium] = [data.planes.find((p) => p.nombre === 'gratuito')!, data.planes.find((p) => p.nombre === 'premium')!];
  const price = (p: BillingPeriod) => premium.precios.find((x) => x.periodo === p);
  const monthly = price('mensual');
  const yearly = price('anual');
  const saving = monthly && yearly ? Math.round((1 - yearly.importe / (monthly.importe * 12)) * 100) : 0;
  const chosen = price(period);
  const isPremium = data.plan === 'premium';
  const sub = data.suscripcion;

  return (
    <section className="mx-auto max-w-5xl">
      {header}
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-slate-700">
              Tu plan actual: <strong className="text-slate-900">{isPremium ? 'Premium' : 'Gratuito'}</strong>
              {sub && isPremium && sub.renuevaEl && !sub.cancelaAlFinal && <span className="text-slate-600"> · Se renueva el {formatDate(sub.renuevaEl)}</span>}
            </p>
            {sub && isPremium && <p className="mt-1 text-sm text-slate-600">Suscripción {(SUBSCRIPTION_STATES[sub.estado] ?? sub.estado).toLowerCase()}{sub.periodo ? ` · ${sub.periodo}` : ''}</p>}
          </div>
          {sub && isPremium && (
            <Button variant="secondary" busy={busy === 'portal'} disabled={busy !== null} onClick={() => void manage()}>Gestionar suscripción</Button>
          )}
        </div>
        {sub && isPremium && sub.cancelaAlFinal && sub.renuevaEl && (
          <p role="status" className="mt-3 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
            Tu plan premium termina el {formatDate(sub.renuevaEl)}. Hasta entonces lo conservas todo; puedes reanudarlo desde «Gestionar suscripción».
          </p>
        )}
        {sub?.pagoFallido && (
          <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            No pudimos cobrar tu última factura. Revisa tus <Link to="/payments/methods" className="font-semibold underline">métodos de pago</Link> para no perder Premium.
          </p>
        )}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <UsageMeter label="Cursos nuevos este mes" used={data.uso.cursos.usados} limit={data.uso.cursos.limite} />
          <UsageMeter label="Mensajes al tutor hoy" used={data.uso.mensajesTutor.usados} limit={data.uso.mensajesTutor.limite} />
        </div>
        {data.uso.ia && <AiBudgetMeter ia={data.uso.ia} />}
      </div>

      <fieldset className="mx-auto mt-8 flex w-fit rounded-full bg-slate-100 p-1">
        <legend className="sr-only">Periodo de facturación</legend>
        {(['mensual', 'anual'] as const).map((p) => (
          <label key={p} className={`cursor-pointer rounded-full px-5 py-2 text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${period === p ? 'bg-white text-indigo-800 shadow' : 'text-slate-700'}`}>
            <input type="radio" name="periodo" value={p} checked={period === p} onChange={() => setPeriod(p)} className="sr-only" />
            {p === 'mensual' ? 'Mensual' : 'Anual'}
            {p === 'anual' && saving > 0 && <span className="ml-1 text-emerald-700">(−{saving}%)</span>}
          </label>
        ))}
      </fieldset>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <PlanCard plan={free} title="Gratuito" price={formatMoney(0, chosen?.moneda ?? 'eur')} note="Para siempre" current={!isPremium}
          action={<Button variant="secondary" className="w-full" disabled>{isPremium ? 'Incluido en Premium' : 'Tu plan actual'}</Button>} />
        <PlanCard plan={premium} title="Premium" highlight current={isPremium}
          price={chosen ? formatMoney(chosen.importe, chosen.moneda) : '—'}
          note={chosen ? (period === 'anual' ? `al año · ${formatMoney(Math.round(chosen.importe / 12), chosen.moneda)} al mes` : 'al mes') : ''}
          action={isPremium
            ? <Link to="/payments/history" className="block w-full rounded-lg border border-slate-300 px-4 py-2.5 text-center font-semibold text-slate-800 hover:bg-slate-50">Ver mis pagos</Link>
            : <Button className="w-full" busy={busy === 'upgrade'} disabled={busy !== null} onClick={() => void upgrade()}>Mejorar a Premium</Button>} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">Pago seguro con Stripe. Tu plan cambia en cuanto Stripe nos confirma el pago.</p>
    </section>
  );
}
