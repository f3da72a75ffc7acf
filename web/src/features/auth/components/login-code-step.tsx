import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { formText } from '../../../lib/validation';
import { useAuth } from '../../../app/providers/auth-provider';
import { ResendCodeButton } from './resend-code-button';

const resend = (email: string) => import('../api').then(({ authApi }) => authApi.resendCode(email)).then((d) => d.message);

/**
 * /login for an account that was never confirmed (issue 14): the emailed code, sent with the
 * email and password just typed, confirms the account and signs the learner in in one step.
 */
export function LoginCodeStep({ email, password, onBack }: { email: string; password: string; onBack: () => void }) {
  const { login, isLoading } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = formText(new FormData(e.currentTarget), 'code').trim();
    if (!/^\d{6}$/.test(code)) {
      setError('El código debe tener 6 dígitos');
      return;
    }
    setError(undefined);
    try {
      await login(email, password, code);
      notify.success('¡Cuenta confirmada! Bienvenido a Mentora.');
      void navigate('/dashboard', { replace: true });
    } catch (err) {
      const message = errorMessage(err, 'Error validando código');
      setError(message);
      notify.error(message);
    }
  }

  return (
    <>
      <title>Confirma tu correo · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900">Confirma tu correo</h1>
      <p className="mt-1 text-sm text-slate-600">
        Tu cuenta aún no está confirmada. Escribe el código de 6 dígitos que enviamos a{' '}
        <strong className="break-all text-slate-900">{email}</strong>.
      </p>
      <form className="mt-6 space-y-4" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField
          label="Código de confirmación"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={error}
        />
        <Button type="submit" className="w-full" busy={isLoading}>Confirmar e iniciar sesión</Button>
      </form>
      <div className="mt-3">
        <ResendCodeButton send={() => resend(email)} />
      </div>
      <button type="button" onClick={onBack} className="mt-1 w-full text-center text-sm font-medium text-indigo-700 hover:underline">
        Volver a iniciar sesión
      </button>
    </>
  );
}
