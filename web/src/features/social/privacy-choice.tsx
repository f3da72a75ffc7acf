import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { socialApi } from './api';

/**
 * The explained choice of privacy by default (GDPR art. 25): shown on the dashboard and /social
 * until the learner decides. Hidden is the default; closing the card keeps it and records the choice.
 */
export function PrivacyChoice() {
  const { user, setUser } = useAuth();
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!user || typeof user.perfilPublico === 'boolean') return null;

  async function choose(perfilPublico: boolean) {
    setSaving(perfilPublico);
    try {
      const res = await socialApi.showProfile(perfilPublico);
      if (!res.success || !res.data) throw new Error(res.message || 'No pudimos guardar tu elección');
      setUser(res.data);
      notify.success(perfilPublico ? 'Tu perfil aparece en la comunidad' : 'Tu perfil seguirá oculto. Puedes cambiarlo en tu perfil.');
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos guardar tu elección'));
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby="eleccion-privacidad" className="relative mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-violet-200 sm:p-6">
      <button
        type="button"
        onClick={() => void choose(false)}
        disabled={saving !== null}
        aria-label="Cerrar y mantener mi perfil oculto"
        className="absolute right-3 top-3 rounded-full p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5"><path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" /></svg>
      </button>
      <h2 id="eleccion-privacidad" className="pr-8 text-lg font-semibold text-slate-900">¿Quieres aparecer en la comunidad?</h2>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">
        Tu perfil está oculto. Si lo muestras, otras personas podrán encontrarte por tus intereses, ver tu nombre, cuántos cursos
        llevas y tus lecciones completadas, y enviarte solicitudes de conexión. Los temas de tus cursos solo aparecen si activas
        «Mostrar el tema en mi perfil público» en cada curso, en «Mis cursos». Tu correo y tu biografía nunca se muestran.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="button" busy={saving === true} disabled={saving !== null} onClick={() => void choose(true)}>Mostrar mi perfil</Button>
        <Button type="button" variant="secondary" busy={saving === false} disabled={saving !== null} onClick={() => void choose(false)}>Mantenerlo oculto</Button>
        <Link to="/profile" className="text-sm font-semibold text-indigo-700 underline underline-offset-4 hover:text-indigo-900">Puedes cambiarlo cuando quieras en tu perfil</Link>
      </div>
    </section>
  );
}
