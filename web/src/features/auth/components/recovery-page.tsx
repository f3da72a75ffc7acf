import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PASSWORD_POLICY } from '../../../../../lambdas/contract/common';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { formText, loadAuthSchemas, validate, type FieldErrors } from '../../../lib/validation';
import { useAuth } from '../../../app/providers/auth-provider';
import { ResendCodeButton } from './resend-code-button';

export const PASSWORD_HINT = `Mínimo ${PASSWORD_POLICY.minLength} caracteres, con mayúsculas, minúsculas y números.`;

const forgot = (email: string) => import('../api').then(({ authApi }) => authApi.forgotPassword(email)).then((d) => d.message);

/** /recuperar (issue 14): the email, then the mailed code with a new password, then signed in. */
export default function RecoveryPage() {
  const { resetPassword, isLoading } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onEmail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = formText(new FormData(e.currentTarget), 'email');
    const { forgotPasswordRequest } = await loadAuthSchemas();
    const checked = validate(forgotPasswordRequest, { email: typed });
    setErrors(checked.errors ?? {});
    setServerError(null);
    if (!checked.data) return;
    setSending(true);
    try {
      notify.success((await forgot(checked.data.email)) || 'Te enviamos un código.');
      setEmail(checked.data.email);
    } catch (err) {
      setServerError(errorMessage(err, 'No pudimos enviar el código. Inténtalo de nuevo en unos minutos.'));
    } finally {
      setSending(false);
    }
  }

  async function onReset(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!email) return;
    const form = new FormData(e.currentTarget);
    const { resetPasswordRequest } = await loadAuthSchemas();
    const checked = validate(resetPasswordRequest, { email, code: formText(form, 'code'), password: formText(form, 'password') });
    setErrors(checked.errors ?? {});
    setServerError(null);
    if (!checked.data) return;
    try {
      await resetPassword(checked.data);
      notify.success('Contraseña actualizada. ¡Hola de nuevo!');
      void navigate('/dashboard', { replace: true });
    } catch (err) {
      const message = errorMessage(err, 'No pudimos cambiar la contraseña');
      setServerError(message);
      notify.error(message);
    }
  }

  if (!email) {
    return (
      <>
        <title>Recuperar contraseña · Mentora</title>
        <h1 className="text-2xl font-bold text-slate-900">¿Olvidaste tu contraseña?</h1>
        <p className="mt-1 text-sm text-slate-600">Escribe el correo de tu cuenta y te enviaremos un código para elegir una nueva.</p>
        <form key="email" className="mt-6 space-y-4" noValidate onSubmit={(e) => void onEmail(e)} onFocus={() => void loadAuthSchemas()}>
          <FormField label="Correo electrónico" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
          {serverError && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>}
          <Button type="submit" className="w-full" busy={sending}>Enviar código</Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          ¿La recordaste?{' '}
          <Link to="/login" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">Inicia sesión</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <title>Nueva contraseña · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900">Elige una nueva contraseña</h1>
      <p className="mt-1 text-sm text-slate-600">
        Si <strong className="break-all text-slate-900">{email}</strong> tiene una cuenta, le enviamos un código de 6 dígitos.
      </p>
      {/* Its own key: the email typed before must not stay in the input React would otherwise reuse. */}
      <form key="reset" className="mt-6 space-y-4" noValidate onSubmit={(e) => void onReset(e)}>
        <FormField
          label="Código"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={errors.code}
        />
        <FormField label="Nueva contraseña" name="password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password} />
        {serverError && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>}
        <Button type="submit" className="w-full" busy={isLoading}>Cambiar contraseña</Button>
      </form>
      <div className="mt-3">
        <ResendCodeButton send={() => forgot(email)} coolingAtStart />
      </div>
      <button
        type="button"
        onClick={() => { setEmail(null); setErrors({}); setServerError(null); }}
        className="mt-1 w-full text-center text-sm font-medium text-indigo-700 hover:underline"
      >
        Usar otro correo
      </button>
    </>
  );
}
