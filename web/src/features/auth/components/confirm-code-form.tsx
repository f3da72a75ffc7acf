import { useAuth } from '../../../app/providers/auth-provider';
import { CodeEntry } from './code-entry';
import { useCodeConfirmation } from './use-code-confirmation';

const resend = (email: string) => import('../api').then(({ authApi }) => authApi.resendCode(email)).then((d) => d.message);

/** The second step of registration: the 6-digit code sent by email. */
export function ConfirmCodeForm({ email, onConfirmed, onBack }: { email: string; onConfirmed: () => void; onBack: () => void }) {
  const { confirmCode, isLoading } = useAuth();
  const { error, onSubmit } = useCodeConfirmation(confirmCode, onConfirmed);
  return (
    <CodeEntry
      title="Confirma tu correo"
      intro={<>Te enviamos un código de 6 dígitos a <strong className="break-all text-slate-900">{email}</strong>.</>}
      codeError={error}
      submitLabel="Confirmar código"
      busy={isLoading}
      onSubmit={onSubmit}
      resend={() => resend(email)}
      coolingAtStart
      backLabel="Usar otro correo"
      onBack={onBack}
    />
  );
}
