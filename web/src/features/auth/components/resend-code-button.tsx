import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/error-message';

/** Seconds before another code may be asked for: a mail takes a moment, and Cognito limits codes per hour. */
export const RESEND_COOLDOWN_S = 60;

/**
 * "Reenviar código" with its cooldown shown as a countdown. `send` asks the server for a new code
 * and answers the message to toast; `coolingAtStart` when a code was sent a moment ago.
 */
export function ResendCodeButton({ send, coolingAtStart = false }: { send: () => Promise<string | undefined>; coolingAtStart?: boolean }) {
  const [left, setLeft] = useState(coolingAtStart ? RESEND_COOLDOWN_S : 0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function onClick() {
    setBusy(true);
    try {
      notify.success((await send()) || 'Te enviamos un código nuevo.');
      setLeft(RESEND_COOLDOWN_S);
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos enviar el código. Inténtalo de nuevo en unos minutos.'));
    } finally {
      setBusy(false);
    }
  }

  const cooling = left > 0;
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={cooling || busy}
      aria-busy={busy || undefined}
      className="w-full rounded-lg px-3 py-2 text-center text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:text-slate-600 disabled:hover:bg-transparent"
    >
      {cooling ? `Reenviar código en ${left} s` : 'Reenviar código'}
    </button>
  );
}
