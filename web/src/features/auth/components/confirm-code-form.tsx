import { notify } from '../../../lib/notify';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/error-message';
import { formText } from '../../../lib/validation';
import { useAuth } from '../../../app/providers/auth-provider';
import { ResendCodeButton } from './resend-code-button';

const resend = (email: string) => import('../api').then(({ authApi }) => authApi.resendCode(email)).then((d) => d.message);

/** The second step of registration: the 6-digit code sent by email. */
export function ConfirmCodeForm({ email, onConfirmed, onBack }: { email: string; onConfirmed: () => void; onBack: () => void }) {
  const { confirmCode, isLoading } = useAuth();
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
      await confirmCode(code);
      notify.success('¡Cuenta confirmada! Bienvenido a Mentora.');
      onConfirmed();
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
        Te enviamos un código de 6 dígitos a <strong className="break-all text-slate-900">{email}</strong>.
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
        <Button type="submit" className="w-full" busy={isLoading}>Confirmar código</Button>
      </form>
      <div className="mt-3">
        <ResendCodeButton send={() => resend(email)} coolingAtStart />
      </div>
      <button type="button" onClick={onBack} className="mt-1 w-full text-center text-sm font-medium text-indigo-700 hover:underline">
        Usar otro correo
      </button>
    </>
  );
}
