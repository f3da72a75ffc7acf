import { notify } from '../../lib/notify';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/error-message';
import { formText, loadUserSchemas, validate, type FieldErrors } from '../../lib/validation';
import { useAuth } from '../../app/providers/auth-provider';
import { profileApi } from './api';
import { CommunityVisibilityToggle } from '../social';
import { ChangePasswordSection } from './change-password-section';
import { AccountDataSection } from './account-data-section';
import { VoiceSection } from './voice-section';
import { LocaleSection } from './locale-section';
import { learnerLocale } from '../../lib/locale';
import { MyCertificates } from '../certificates';

const splitInterests = (raw: string) => raw.split(',').map((s) => s.trim()).filter(Boolean);

export default function ProfilePage() {
  const { user, setUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const bioId = useId();
  if (!user) return null;
  const since = user.createdAt ? new Date(user.createdAt).toLocaleDateString(learnerLocale(), { year: 'numeric', month: 'long' }) : null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const { updateProfileRequest } = await loadUserSchemas();
    const checked = validate(updateProfileRequest, {
      nombre: formText(form, 'nombre'),
      intereses: splitInterests(formText(form, 'intereses')),
      bio: formText(form, 'bio'),
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setSaving(true);
    try {
      const data = await profileApi.update(checked.data);
      if (!data.success || !data.data) throw new Error(data.message || 'No se pudo actualizar el perfil');
      setUser(data.data);
      notify.success(data.message || 'Perfil actualizado');
      setEditing(false);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo actualizar el perfil'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="mx-auto max-w-3xl">
      <title>Perfil · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Perfil</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="flex flex-wrap items-center gap-4">
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-600 text-2xl font-bold text-white">
            {user.nombre.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold text-slate-900">{user.nombre}</p>
            <p className="truncate text-slate-600">{user.email}</p>
            <p className="mt-1 text-sm text-slate-600">
              Plan <strong className="text-slate-900">{user.plan?.nombre ?? 'gratuito'}</strong>
              {since && <> · Miembro desde {since}</>}
            </p>
          </div>
        </div>
        {editing ? (
          <form className="mt-8 space-y-4" noValidate onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadUserSchemas()}>
            <FormField label="Nombre" name="nombre" defaultValue={user.nombre} autoComplete="name" error={errors.nombre} />
            <FormField label="Intereses" name="intereses" defaultValue={(user.intereses ?? []).join(', ')} hint="Separados por comas, por ejemplo: programación, historia, música" error={errors.intereses} />
            <div>
              <label htmlFor={bioId} className="mb-1 block text-sm font-medium text-slate-800">Biografía</label>
              <textarea id={bioId} name="bio" rows={4} defaultValue={user.bio ?? ''} aria-invalid={errors.bio ? true : undefined}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 focus:border-indigo-600" />
              {errors.bio && <p className="mt-1 text-sm text-red-700">{errors.bio}</p>}
            </div>
            {errors.form && <p role="alert" className="text-sm text-red-700">{errors.form}</p>}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" busy={saving}>Guardar cambios</Button>
              <Button type="button" variant="secondary" onClick={() => { setErrors({}); setEditing(false); }}>Cancelar</Button>
            </div>
          </form>
        ) : (
          <div className="mt-8 space-y-5">
            <dl className="space-y-5">
              <div>
                <dt className="text-sm font-semibold text-slate-600">Intereses</dt>
                <dd className="mt-2 flex flex-wrap gap-2">
                  {(user.intereses ?? []).length ? (
                    user.intereses!.map((i) => <span key={i} className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800">{i}</span>)
                  ) : (
                    <span className="text-slate-600">Aún no has indicado intereses.</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-600">Biografía</dt>
                <dd className="mt-1 whitespace-pre-line text-slate-800">{user.bio || <span className="text-slate-600">Cuéntanos algo sobre ti.</span>}</dd>
              </div>
            </dl>
            <CommunityVisibilityToggle />
            <Button type="button" onClick={() => setEditing(true)}>Editar perfil</Button>
          </div>
        )}
      </div>
      <LocaleSection />
      <VoiceSection />
      <MyCertificates />
      <ChangePasswordSection />
      <AccountDataSection />
    </section>
  );
}
