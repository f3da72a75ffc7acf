import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PASSWORD_POLICY } from '../../../../../lambdas/contract/common';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { formText, loadAuthSchemas, validate, type FieldErrors } from '../../../lib/validation';
import { useAuth } from '../../../app/providers/auth-provider';
import { CodeEntry } from './code-entry';

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

  async function onReset(form: FormData) {
    if (!email) return;
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
    <CodeEntry
      title="Elige una nueva contraseña"
      tabTitle="Nueva contraseña"
      intro={<>Si <strong className="break-all text-slate-900">{email}</strong> tiene una cuenta, le enviamos un código de 6 dígitos.</>}
      codeLabel="Código"
      codeError={errors.code}
      alert={serverError}
      submitLabel="Cambiar contraseña"
      busy={isLoading}
      onSubmit={onReset}
      resend={() => forgot(email)}
      coolingAtStart
      backLabel="Usar otro correo"
      onBack={() => { setEmail(null); setErrors({}); setServerError(null); }}
    >
      <FormField label="Nueva contraseña" name="password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password} />
    </CodeEntry>
  );
}
