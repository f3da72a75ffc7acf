import { Link } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { paymentsApi } from './api';
import { LoadError, PageHeader } from './components/page-header';
import { formatDate, formatMoney, INVOICE_LABELS } from './format';
import { paymentKeys } from './query-keys';
import { useLoad } from './use-load';

/** /payments/history: the learner's invoices from Stripe, newest first. */
export default function HistoryPage() {
  const { data, error, loading, reload } = useLoad(paymentKeys.history(), () => paymentsApi.history(), 'No pudimos cargar tu historial de pagos.');
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader title="Historial de Pagos" lead="Tus facturas y pagos de Mentora Premium." />
      {loading && !data ? (
        <div className="mt-10 flex justify-center"><Spinner label="Cargando pagos" /></div>
      ) : error ? (
        <LoadError message={error} onRetry={reload} />
      ) : !data?.length ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">Aún no tienes pagos</p>
          <p className="mt-1 text-slate-600">Cuando mejores a Premium, tus facturas aparecerán aquí.</p>
          <Link to="/changeplan" className="mt-4 inline-block font-semibold text-indigo-700 underline underline-offset-4">Ver los planes</Link>
        </div>
      ) : (
        <div className="mt-6 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Facturas</caption>
            <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-600 sm:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Fecha</th>
                <th scope="col" className="px-4 py-3 font-semibold">Concepto</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Importe</th>
                <th scope="col" className="px-4 py-3 font-semibold">Estado</th>
                <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Factura</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {data.map((inv) => {
                const state = INVOICE_LABELS[inv.estado];
                return (
                  <tr key={inv.id} className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-4 sm:table-row sm:p-0">
                    <td className="text-slate-700 sm:px-4 sm:py-3">{formatDate(inv.fecha)}</td>
                    <td className="col-span-2 row-start-2 font-medium text-slate-900 sm:px-4 sm:py-3">{inv.concepto}</td>
                    <td className="text-right font-semibold text-slate-900 sm:px-4 sm:py-3">{formatMoney(inv.importe, inv.moneda)}</td>
                    <td className="sm:px-4 sm:py-3">
                      <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${state.tone}`}>{state.text}</span>
                    </td>
                    <td className="text-right sm:px-4 sm:py-3">
                      {inv.enlace && (
                        <a href={inv.enlace} target="_blank" rel="noreferrer" className="font-semibold text-indigo-700 underline underline-offset-4 hover:text-indigo-900">
                          Ver factura<span className="sr-only"> del {formatDate(inv.fecha)} (se abre en otra pestaña)</span>
                        </a>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
