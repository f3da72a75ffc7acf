import { useState, type FormEvent } from 'react';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { formText } from '../../lib/validation';
import { profileApi } from './api';

const DANGER =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-red-400';
const OUTLINE_DANGER = 'inline-flex items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2.5 font-semibold text-red-800 hover:bg-red-50';

/** Saves a JSON document as a file the browser downloads. */
function download(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Tus datos" in /profile: take a copy of everything (GDPR art. 15/20) or delete the account (art. 17). */
export function AccountDataSection() {
  const { user, logout } = useAuth();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  async function onExport() {
    setExporting(true);
    try {
      const { data, fileName } = await profileApi.exportData();
      download(data, fileName);
      notify.success('Tus datos se han descargado');
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos preparar tus datos. Inténtalo de nuevo.'));
    } finally {
      setExporting(false);
    }
  }

  async function onDelete(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const confirmacion = formText(new FormData(e.currentTarget), 'confirmacion').trim();
    if (!confirmacion) return setError('Escribe el correo de tu cuenta para confirmar');
    setError(null);
    setDeleting(true);
    try {
      const res = await profileApi.deleteAccount(confirmacion);
      notify.success(res.message || 'Tu cuenta se ha eliminado.');
      await logout();
    } catch (err) {
      setError(errorMessage(err, 'No pudimos eliminar tu cuenta. Inténtalo de nuevo.'));
      setDeleting(false);
    }
  }

  return (
    <>
      <section aria-labelledby="tus-datos" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="tus-datos" className="text-lg font-semibold text-slate-900">Tus datos</h2>
        <p className="mt-1 text-sm text-slate-700">
          Descarga una copia de todo lo que guardamos de ti: perfil, cursos, lecciones, evaluaciones, conversaciones con el tutor, diplomados y conexiones, en un archivo JSON.
        </p>
        <Button type="button" variant="secondary" className="mt-4" busy={exporting} onClick={() => void onExport()}>
          Descargar mis datos
        </Button>
      </section>
      <section aria-labelledby="eliminar-cuenta" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200 sm:p-8">
        <h2 id="eliminar-cuenta" className="text-lg font-semibold text-red-800">Eliminar cuenta</h2>
        <p className="mt-1 text-sm text-slate-700">
          Se borrarán para siempre tu perfil, tus cursos y su progreso, tus conversaciones con el tutor, tus diplomados y tus conexiones.
          Si tienes una suscripción, se cancela y se eliminan tus tarjetas guardadas. No se puede deshacer.
        </p>
        {confirming ? (
          <form className="mt-4 space-y-4" noValidate onSubmit={(e) => void onDelete(e)}>
            <FormField
              label={`Escribe tu correo (${user.email}) para confirmar`}
              name="confirmacion"
              type="email"
              autoComplete="off"
              error={error ?? undefined}
            />
            <div className="flex flex-wrap gap-3">
              <button type="submit" disabled={deleting} aria-busy={deleting || undefined} className={DANGER}>
                {deleting && <Spinner size="sm" color="white" />}
                Eliminar mi cuenta para siempre
              </button>
              <Button type="button" variant="secondary" disabled={deleting} onClick={() => { setConfirming(false); setError(null); }}>
                Cancelar
              </Button>
            </div>
          </form>
        ) : (
          <button type="button" className={`mt-4 ${OUTLINE_DANGER}`} onClick={() => setConfirming(true)}>
            Eliminar cuenta
          </button>
        )}
      </section>
    </>
  );
}
