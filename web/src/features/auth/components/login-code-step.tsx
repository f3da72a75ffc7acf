import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../app/providers/auth-provider';
import { CodeEntry } from './code-entry';
import { useCodeConfirmation } from './use-code-confirmation';
import { takeReturnPath } from '../../../lib/return-path';

const resend = (email: string) => import('../api').then(({ authApi }) => authApi.resendCode(email)).then((d) => d.message);

/**
 * /login for an account that was never confirmed (issue 14): the emailed code, sent with the
 * email and password just typed, confirms the account and signs the learner in in one step.
 */
export function LoginCodeStep({ email, password, onBack }: { email: string; password: string; onBack: () => void }) {
  const { login, isLoading } = useAuth();
  const navigate = useNavigate();
  const { error, onSubmit } = useCodeConfirmation(
    (code) => login(email, password, code),
    () => void navigate(takeReturnPath(), { replace: true }),
  );
  return (
    <CodeEntry
      title="Confirma tu correo"
      intro={<>Tu cuenta aún no está confirmada. Escribe el código de 6 dígitos que enviamos a{' '}<strong className="break-all text-slate-900">{email}</strong>.</>}
      codeError={error}
      submitLabel="Confirmar e iniciar sesión"
      busy={isLoading}
      onSubmit={onSubmit}
      resend={() => resend(email)}
      backLabel="Volver a iniciar sesión"
      onBack={onBack}
    />
  );
}
