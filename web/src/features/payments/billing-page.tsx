import { useState, type FormEvent } from 'react';
import { BILLING_COUNTRIES, billingDetails, type BillingDetails } from '../../../../lambdas/contract/payments';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { formText, validate, type FieldErrors } from '../../lib/validation';
import { paymentsApi } from './api';
import { LoadError, PageHeader } from './components/page-header';
import { paymentKeys } from './query-keys';
import { useLoad } from './use-load';

const COUNTRIES = Object.entries(BILLING_COUNTRIES).sort((a, b) => a[1].localeCompare(b[1], 'es'));
const EMPTY: BillingDetails = { nombre: '', identificacionFiscal: '', direccion: '', ciudad: '', codigoPostal: '', pais: 'ES' };

/** /profile/billing: the data printed on invoices, kept on the learner's Stripe customer. */
export default function BillingPage() {
  const { data, setData, error, loading, reload } = useLoad(paymentKeys.billing(), () => paymentsApi.billing(), 'No pudimos cargar tus datos de facturación.');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const values = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, formText(form, k)]));
    const checked = validate(billingDetails, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setSaving(true);
    try {
      const res = await paymentsApi.saveBilling(checked.data);
      setData(res.data);
      notify.success(res.message || 'Datos de facturación guardados');
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos guardar tus datos de facturación.'));
    } finally {
      setSaving(false);
    }
  }

  const header = <PageHeader title="Datos de Facturación" lead="Aparecerán en tus próximas facturas." />;
  if (loading && data === undefined) return <section className="mx-auto max-w-2xl">{header}<div className="mt-10 flex justify-center"><Spinner label="Cargando datos de facturación" /></div></section>;
  if (error) return <section className="mx-auto max-w-2xl">{header}<LoadError message={error} onRetry={reload} /></section>;
  const v = data ?? EMPTY;
  return (
    <section className="mx-auto max-w-2xl">
      {header}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <FormField label="Nombre o razón social" name="nombre" defaultValue={v.nombre} autoComplete="name" error={errors.nombre} />
        <FormField label="Identificación fiscal (NIF, NIE o CIF)" name="identificacionFiscal" defaultValue={v.identificacionFiscal} error={errors.identificacionFiscal} hint="Por ejemplo: 12345678Z o B12345674" />
        <FormField label="Dirección" name="direccion" defaultValue={v.direccion} autoComplete="street-address" error={errors.direccion} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Ciudad" name="ciudad" defaultValue={v.ciudad} autoComplete="address-level2" error={errors.ciudad} />
          <FormField label="Código postal" name="codigoPostal" defaultValue={v.codigoPostal} autoComplete="postal-code" error={errors.codigoPostal} />
        </div>
        <div>
          <label htmlFor="billing-pais" className="mb-1 block text-sm font-medium text-slate-800">País</label>
          <select id="billing-pais" name="pais" defaultValue={v.pais} autoComplete="country" aria-invalid={errors.pais ? true : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-indigo-600">
            {COUNTRIES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
          </select>
          {errors.pais && <p className="mt-1 text-sm text-red-700">{errors.pais}</p>}
        </div>
        <Button type="submit" busy={saving}>Guardar datos</Button>
      </form>
    </section>
  );
}
