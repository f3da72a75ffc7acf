import { useId, useState } from 'react';
import { useAuth } from '../../app/providers/auth-provider';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { profileApi } from '../profile';

/** A course's own switch: its topic appears on the learner's public profile only when it is on. */
export function CourseTopicSwitch({ courseId, titulo }: { courseId: string; titulo: string }) {
  const { user, setUser } = useAuth();
  const [saving, setSaving] = useState(false);
  const labelId = useId();
  if (!user) return null;
  const on = Boolean(user.temasPublicos?.[courseId]);

  async function toggle() {
    setSaving(true);
    try {
      const res = await profileApi.courseVisibility(courseId, !on);
      if (!res.success || !res.data) throw new Error(res.message || 'No pudimos cambiar la visibilidad del tema');
      setUser(res.data);
      notify.success(res.message || (on ? 'El tema ya no aparece en tu perfil' : 'El tema aparece en tu perfil'));
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos cambiar la visibilidad del tema'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
      <span id={labelId} className="text-xs font-medium text-slate-700">
        Mostrar el tema en mi perfil público<span className="sr-only">: {titulo}</span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-busy={saving || undefined}
        disabled={saving}
        onClick={() => void toggle()}
        className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-indigo-600' : 'bg-slate-400'}`}
      >
        <span aria-hidden="true" className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-1'}`} />
      </button>
    </div>
  );
}
