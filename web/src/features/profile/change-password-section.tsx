import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { PASSWORD_POLICY } from '../../../../lambdas/contract/common';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { isHostedUiSession, saveTokens } from '../../lib/token-storage';
import { formText, loadAuthSchemas, validate, type FieldErrors } from '../../lib/validation';
import { authApi } from '../auth';

const HINT = `Mínimo ${PASSWORD_POLICY.minLength} caracteres, con mayúsculas, minúsculas y números.`;

/** "Cambiar contraseña" in /profile (issue 14): POST /users/password with the current and the new one. */
export function ChangePasswordSection() {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const { changePasswordRequest } = await loadAuthSchemas();
    const checked = validate(changePasswordRequest, { actual: formText(data, 'actual'), nueva: formText(data, 'nueva') });
    const errs = { ...checked.errors };
    if (checked.data && formText(data, 'repetir') !== checked.data.nueva) errs.repetir = 'Las contraseñas no coinciden';
    setErrors(errs);
    setServerError(null);
    if (!checked.data || errs.repetir) return;
    setSaving(true);
    try {
      const answer = await authApi.changePassword(checked.data);
      // The change ended every session, this one's too: keep this device signed in with the new tokens.
      if (answer.tokens) saveTokens(answer.tokens);
      notify.success(answer.message || 'Contraseña actualizada.');
      form.reset();
      setOpen(false);
    } catch (err) {
      setServerError(errorMessage(err, 'No pudimos cambiar la contraseña. Inténtalo de nuevo.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="cambiar-contrasena" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="cambiar-contrasena" className="text-lg font-semibold text-slate-900">Contraseña</h2>
      {isHostedUiSession() ? (
        // Cognito's ChangePassword needs a password sign-in: a Google or Microsoft session has none.
        <p className="mt-2 text-sm text-slate-600">
          Iniciaste sesión con Google o Microsoft. Si también tienes contraseña, inicia sesión con tu correo para cambiarla.
        </p>
      ) : open ? (
        <form className="mt-4 space-y-4" noValidate onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadAuthSchemas()}>
          <FormField label="Contraseña actual" name="actual" type="password" autoComplete="current-password" error={errors.actual} />
          <FormField label="Nueva contraseña" name="nueva" type="password" autoComplete="new-password" hint={HINT} error={errors.nueva} />
          <FormField label="Repite la nueva contraseña" name="repetir" type="password" autoComplete="new-password" error={errors.repetir} />
          {serverError && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={saving}>Guardar contraseña</Button>
            <Button type="button" variant="secondary" onClick={() => { setErrors({}); setServerError(null); setOpen(false); }}>Cancelar</Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">Cámbiala cuando quieras; necesitarás la actual.</p>
          <Button type="button" variant="secondary" onClick={() => setOpen(true)}>Cambiar contraseña</Button>
        </div>
      )}
    </section>
  );
}
