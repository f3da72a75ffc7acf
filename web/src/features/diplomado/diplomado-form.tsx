import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Level } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { validate, type FieldErrors } from '../../lib/validation';
import { AllowanceNote } from '../plans';
import { useAuth } from '../../app/providers/auth-provider';
import { diplomadoApi, loadDiplomadoSchemas } from './api';
import { PremiumGate } from './premium-gate';
import { diplomadoKeys } from './query-keys';

const LEVELS: { value: Level; label: string }[] = [
  { value: 'principiante', label: 'Principiante' },
  { value: 'intermedio', label: 'Intermedio' },
  { value: 'avanzado', label: 'Avanzado' },
];

/** A topic, a level and an optional goal become a programme of 3 to 6 courses; then opens it. */
export function DiplomadoForm() {
  const navigate = useNavigate();
  const [topic, setTopic] = useState('');
  const [level, setLevel] = useState<Level>('principiante');
  const [objetivo, setObjetivo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [planned, setPlanned] = useState(0);
  const goalId = useId();
  const { user } = useAuth();
  const client = useQueryClient();
  // The premium gate comes before the form: a free learner never fills it in only to be refused.
  if (user && user.plan?.nombre !== 'premium') return <PremiumGate />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { diplomadoPlanRequest } = await loadDiplomadoSchemas();
    const checked = validate(diplomadoPlanRequest, { topic, level, ...(objetivo.trim() && { objetivo }) });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const d = await diplomadoApi.plan(checked.data);
      // The page it opens shows this answer at once; the dashboard's list of programmes is stale.
      client.setQueryData(diplomadoKeys.detail(d.diplomadoId), d);
      void client.invalidateQueries({ queryKey: diplomadoKeys.list(), refetchType: 'none' });
      notify.success('Tu diplomado está listo');
      void navigate(`/diplomado/${d.diplomadoId}`);
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos crear el diplomado. Inténtalo de nuevo.'));
    } finally {
      setBusy(false);
      setPlanned((n) => n + 1);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <FormField label="¿Qué quieres dominar?" name="topic" value={topic} onChange={(e) => setTopic(e.target.value)} placeholder="Por ejemplo: Ciencia de datos" maxLength={120} error={errors.topic} autoComplete="off" />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Nivel</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {LEVELS.map((o) => (
            <label key={o.value} className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium ${level === o.value ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : 'border-slate-300 text-slate-800'}`}>
              <input type="radio" name="level" value={o.value} checked={level === o.value} onChange={() => setLevel(o.value)} className="accent-indigo-600" />
              {o.label}
            </label>
          ))}
        </div>
        {errors.level && <p className="mt-1 text-sm text-red-700">{errors.level}</p>}
      </fieldset>
      <div>
        <label htmlFor={goalId} className="mb-1 block text-sm font-medium text-slate-800">
          Tu objetivo <span className="font-normal text-slate-600">(opcional)</span>
        </label>
        <textarea id={goalId} name="objetivo" rows={2} maxLength={300} value={objetivo} onChange={(e) => setObjetivo(e.target.value)}
          placeholder="Por ejemplo: conseguir mi primer trabajo como analista" aria-invalid={errors.objetivo ? true : undefined}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 focus:border-indigo-600" />
        {errors.objetivo && <p className="mt-1 text-sm text-red-700">{errors.objetivo}</p>}
      </div>
      <div className="space-y-2">
        <Button type="submit" busy={busy} className="w-full sm:w-auto">Diseñar mi diplomado</Button>
        <AllowanceNote name="planesDiplomado" refresh={planned} />
      </div>
    </form>
  );
}
