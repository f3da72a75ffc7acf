import { useId, useState, type FormEvent } from 'react';
import { ADDRESS_FORMS, ADDRESS_LABEL, COUNTRIES, DEFAULT_ADDRESS, countryOfLocale, type AddressForm, type CountryCode } from '../../../../lambdas/contract/learner-locale';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { profileApi } from './api';

const EXAMPLE: Record<AddressForm, string> = { tu: '«¿Tienes dudas?»', usted: '«¿Tiene dudas?»', vos: '«¿Tenés dudas?»' };

/**
 * "País y trato" in /profile (issue 33): the learner's country, for what depends on it (emergency
 * numbers, money, law, school grades), and the form of address lessons and the tutor use. Until the
 * learner saves, it proposes the browser's country and tú.
 */
export function LocaleSection() {
  const { user, setUser } = useAuth();
  const headingId = useId();
  const countryId = useId();
  const proposed = user?.pais ?? countryOfLocale(typeof navigator === 'undefined' ? undefined : navigator.language) ?? '';
  const [pais, setPais] = useState<CountryCode | ''>(proposed);
  const [tratamiento, setTratamiento] = useState<AddressForm>(user?.tratamiento ?? DEFAULT_ADDRESS);
  const [saving, setSaving] = useState(false);
  if (!user) return null;
  const saved = (user.pais ?? '') === pais && (user.tratamiento ?? null) === tratamiento;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaving(true);
    try {
      const data = await profileApi.update({ tratamiento, ...(pais && { pais }) });
      setUser(data.data);
      notify.success('Preferencias guardadas. Tus próximas lecciones y el tutor las usarán.');
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudieron guardar tus preferencias'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">País y trato</h2>
      <p className="mt-1 text-slate-600">Las lecciones y el tutor usan tu país para lo que depende de él (números de emergencia, moneda, leyes, notas) y te hablan con el trato que elijas.</p>
      <form className="mt-4 space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <div>
          <label htmlFor={countryId} className="mb-1 block text-sm font-medium text-slate-800">País</label>
          <select id={countryId} name="pais" value={pais} onChange={(e) => setPais(e.target.value as CountryCode | '')}
            className="block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-indigo-600">
            <option value="">Sin indicar</option>
            {COUNTRIES.map((c) => <option key={c.codigo} value={c.codigo}>{c.nombre}</option>)}
          </select>
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Trato</legend>
          <div className="flex flex-wrap gap-4">
            {ADDRESS_FORMS.map((f) => (
              <label key={f} className="flex cursor-pointer items-center gap-2 text-slate-900">
                <input type="radio" name="tratamiento" value={f} checked={tratamiento === f} onChange={() => setTratamiento(f)} className="h-4 w-4 accent-indigo-600" />
                {ADDRESS_LABEL[f]} <span className="text-sm text-slate-600">{EXAMPLE[f]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" busy={saving} disabled={saved}>Guardar preferencias</Button>
      </form>
    </section>
  );
}
