import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PaymentMethod } from '../../../../lambdas/contract/payments';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { browser, paymentsApi } from './api';
import { LoadError, PageHeader } from './components/page-header';
import { brandName } from './format';
import { paymentKeys } from './query-keys';
import { useLoad } from './use-load';

/** /payments/methods: the learner's saved cards; add one (Checkout in setup mode), choose the default, remove. */
export default function MethodsPage() {
  const { data, setData, error, loading, reload } = useLoad(paymentKeys.methods(), () => paymentsApi.methods(), 'No pudimos cargar tus métodos de pago.');
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => {
    const result = params.get('resultado');
    if (!result) return;
    if (result === 'guardado') notify.success('Tarjeta guardada');
    setParams({}, { replace: true });
  }, [params, setParams]);

  async function act(id: string, run: () => Promise<{ data: PaymentMethod[]; message?: string }>, fallback: string) {
    setBusy(id);
    try {
      const res = await run();
      setData(res.data);
      if (res.message) notify.success(res.message);
    } catch (e) {
      notify.error(errorMessage(e, fallback));
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  }

  async function add() {
    setBusy('add');
    try {
      browser.go(await paymentsApi.addMethod());
    } catch (e) {
      notify.error(errorMessage(e, 'No pudimos abrir el formulario de tarjeta.'));
      setBusy(null);
    }
  }

  const addButton = <Button onClick={() => void add()} busy={busy === 'add'}>Añadir tarjeta</Button>;
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader title="Métodos de Pago" lead="Las tarjetas con las que pagas Mentora Premium." actions={addButton} />
      {loading && !data ? (
        <div className="mt-10 flex justify-center"><Spinner label="Cargando métodos de pago" /></div>
      ) : error ? (
        <LoadError message={error} onRetry={reload} />
      ) : !data?.length ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">No tienes tarjetas guardadas</p>
          <p className="mt-1 text-slate-600">Añade una para pagar tu suscripción sin volver a escribirla.</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {data.map((card) => {
            const label = `${brandName(card.marca)} terminada en ${card.ultimos4}`;
            return (
              <li key={card.id} className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <div className="flex min-w-0 items-center gap-4">
                  <span aria-hidden="true" className="flex h-10 w-14 flex-none items-center justify-center rounded-md bg-slate-800 text-[10px] font-bold uppercase tracking-wide text-white">
                    {brandName(card.marca).split(' ')[0]}
                  </span>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-slate-900">
                      <span className="whitespace-nowrap">{brandName(card.marca)} •••• {card.ultimos4}</span>
                      {card.predeterminada && <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800">Predeterminada</span>}
                    </p>
                    <p className="text-sm text-slate-600">Caduca {String(card.caducidad.mes).padStart(2, '0')}/{card.caducidad.anio}</p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  {confirming === card.id ? (
                    <>
                      <Button variant="secondary" className="!text-red-700" busy={busy === card.id} aria-label={`Confirmar: eliminar ${label}`}
                        onClick={() => void act(card.id, () => paymentsApi.remove(card.id), 'No pudimos eliminar la tarjeta.')}>
                        Sí, eliminar
                      </Button>
                      <Button variant="ghost" onClick={() => setConfirming(null)}>Cancelar</Button>
                    </>
                  ) : (
                    <>
                      {!card.predeterminada && (
                        <Button variant="secondary" busy={busy === card.id} aria-label={`Usar ${label} como predeterminada`}
                          onClick={() => void act(card.id, () => paymentsApi.setDefault(card.id), 'No pudimos cambiar la tarjeta predeterminada.')}>
                          Usar como predeterminada
                        </Button>
                      )}
                      <Button variant="ghost" className="!text-red-700 hover:!bg-red-50" aria-label={`Eliminar ${label}`} onClick={() => setConfirming(card.id)}>Eliminar</Button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
