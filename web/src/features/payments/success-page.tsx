import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../app/providers/auth-provider';
import { authApi } from '../auth';
import { paymentKeys } from './query-keys';

/** How long to wait for Stripe's confirmation (the signed webhook) before saying so. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_TIMEOUT_MS = 60_000;

/**
 * /payments/success: the browser came back from Checkout, but only Stripe's signed event changes
 * the plan. The page asks the server for the learner until the plan is premium, then celebrates;
 * the header's crown appears at the same moment because the auth store's user is refreshed.
 */
export default function SuccessPage() {
  const { user, setUser } = useAuth();
  const premium = user?.plan?.nombre === 'premium';
  // When this round of polls began; "Comprobar de nuevo" starts another.
  const [started, setStarted] = useState(() => Date.now());
  // A round is over once a poll settles (answer or failure) later than the bound after its start.
  const overdue = (settledAt: number) => settledAt - started > CONFIRM_TIMEOUT_MS;

  const poll = useQuery({
    queryKey: paymentKeys.confirmation(),
    queryFn: async () => {
      const me = await authApi.me();
      // The store's user changes with the answer itself, so the crown and this page move together.
      if (me.success && me.data?.plan.nombre === 'premium') setUser(me.data);
      return me;
    },
    enabled: !premium,
    // Every visit asks the server again: an older answer says nothing about this payment.
    staleTime: 0,
    gcTime: 0,
    // A failed poll is retried at the same pace; the learner sees the waiting state meanwhile.
    refetchInterval: (query) => (overdue(Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt)) ? false : CONFIRM_POLL_MS),
    // The tab the learner came back to is the one waiting; keep asking even if it is hidden.
    refetchIntervalInBackground: true,
  });
  const state = premium ? 'premium' : overdue(Math.max(poll.dataUpdatedAt, poll.errorUpdatedAt)) ? 'slow' : 'waiting';
  const checkAgain = () => {
    setStarted(Date.now());
    void poll.refetch();
  };

  return (
    <section className="mx-auto max-w-xl text-center">
      <title>{state === 'premium' ? '¡Bienvenido a Premium! · Mentora' : 'Confirmando tu pago · Mentora'}</title>
      <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 sm:p-10" aria-live="polite">
        {state === 'premium' ? (
          <>
            <div aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              <svg viewBox="0 0 24 24" className="h-9 w-9"><path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" /></svg>
            </div>
            <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">¡Ya eres Premium!</h1>
            <p className="mt-2 text-slate-600">Gracias por tu pago. Ahora puedes crear hasta 30 cursos al mes, hablar más con tu tutor y crear diplomados.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/generar" className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">Crear un curso</Link>
              <Link to="/payments/history" className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">Ver mi factura</Link>
            </div>
          </>
        ) : state === 'waiting' ? (
          <>
            <Spinner size="lg" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Confirmando tu pago…</h1>
            <p className="mt-2 text-slate-600">Estamos esperando la confirmación de Stripe. Suele tardar unos segundos.</p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Tu pago se está procesando</h1>
            <p className="mt-2 text-slate-600">Stripe aún no nos ha confirmado el pago. Tu plan se actualizará solo en cuanto llegue la confirmación; no hace falta que pagues de nuevo.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <button type="button" onClick={checkAgain} className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">Comprobar de nuevo</button>
              <Link to="/dashboard" className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">Ir a mis cursos</Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
