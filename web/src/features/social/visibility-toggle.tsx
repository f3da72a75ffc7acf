import { useId, useState } from 'react';
import { useAuth } from '../../app/providers/auth-provider';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { socialApi } from './api';

/** "Mostrar mi perfil en la comunidad": the learner decides whether others can find them (/profile). */
export function CommunityVisibilityToggle() {
  const { user, setUser } = useAuth();
  const [saving, setSaving] = useState(false);
  const labelId = useId();
  const hintId = useId();
  if (!user) return null;
  // Privacy by default: only an explicit yes shows the profile.
  const visible = user.perfilPublico === true;

  async function toggle() {
    setSaving(true);
    try {
      const res = await socialApi.showProfile(!visible);
      if (!res.success || !res.data) throw new Error(res.message || 'No se pudo cambiar la visibilidad de tu perfil');
      setUser(res.data);
      notify.success(res.data.perfilPublico !== true ? 'Tu perfil ya no aparece en la comunidad' : 'Tu perfil aparece en la comunidad');
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo cambiar la visibilidad de tu perfil'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex items-start justify-between gap-4 rounded-xl bg-slate-50 p-4">
      <div className="min-w-0">
        <p id={labelId} className="font-semibold text-slate-900">Mostrar mi perfil en la comunidad</p>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          Otras personas podrán encontrarte por tus intereses y por los temas de los cursos que decidas mostrar. Tu correo y tu biografía nunca se muestran.
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={visible}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-busy={saving || undefined}
        disabled={saving}
        onClick={() => void toggle()}
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${visible ? 'bg-indigo-600' : 'bg-slate-400'}`}
      >
        <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${visible ? 'translate-x-6' : 'translate-x-1'}`} />
      </button>
    </div>
  );
}
