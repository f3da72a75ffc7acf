import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { formText } from '../../../lib/validation';

/**
 * Confirming an account with its code, as registration and the code step of /login both do: the
 * format is checked before any request, then `confirm` runs; its refusal shows under the code field.
 */
export function useCodeConfirmation(confirm: (code: string) => Promise<void>, onConfirmed: () => void) {
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(form: FormData) {
    const code = formText(form, 'code').trim();
    if (!/^\d{6}$/.test(code)) {
      setError('El código debe tener 6 dígitos');
      return;
    }
    setError(undefined);
    try {
      await confirm(code);
      notify.success('¡Cuenta confirmada! Bienvenido a Mentora.');
      onConfirmed();
    } catch (err) {
      const message = errorMessage(err, 'Error validando código');
      setError(message);
      notify.error(message);
    }
  }

  return { error, onSubmit };
}
