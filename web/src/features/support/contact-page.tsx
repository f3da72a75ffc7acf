import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_LIMITS, CONTACT_REASONS, type ContactReason } from '../../../../lambdas/contract/support';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../app/providers/auth-provider';
import { supportApi } from './api';
import { InfoPage } from './info-page';

// Contacto (issue 34 item 10): anyone writes to the operators; the message reaches their mail
// (lambdas/support; locally the mailbox at /__local/mail). Signed in, name and address come filled.

const FIELD = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-200';

export default function ContactPage() {
  const { user } = useAuth();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const field = (name: string) => { const v = form.get(name); return typeof v === 'string' ? v.trim() : ''; };
    if (field('mensaje').length < 10) return setError('Cuéntanos un poco más: el mensaje debe tener al menos 10 caracteres.');
    setBusy(true);
    setError(null);
    try {
      const res = await supportApi.contact({
        nombre: field('nombre'), email: field('email'), motivo: field('motivo') as ContactReason, mensaje: field('mensaje'), ...(field('web') && { web: field('web') }),
      });
      setSent(res.message);
    } catch (err) {
      setError(errorMessage(err, 'No pudimos enviar tu mensaje. Inténtalo de nuevo en unos minutos.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <InfoPage title="Contacto" lead="Escríbenos para cualquier duda, problema o sugerencia. Te responderemos en tu correo, normalmente en dos días laborables.">
      {sent ? (
        <div role="status" className="rounded-xl bg-emerald-50 p-5 text-emerald-950 ring-1 ring-emerald-200">
          <p className="font-semibold">Mensaje enviado</p>
          <p className="mt-1">{sent}</p>
          <p className="mt-3"><Link to="/ayuda">Mientras tanto, quizá tu respuesta esté en el Centro de Ayuda.</Link></p>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <FormField label="Nombre" name="nombre" autoComplete="name" defaultValue={user?.nombre ?? ''} required />
          <FormField label="Correo electrónico" name="email" type="email" autoComplete="email" inputMode="email" defaultValue={user?.email ?? ''} required />
          <div>
            <label htmlFor="contacto-motivo" className="block text-sm font-medium text-slate-800">Motivo</label>
            <select id="contacto-motivo" name="motivo" defaultValue="duda" className={FIELD}>
              {Object.entries(CONTACT_REASONS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="contacto-mensaje" className="block text-sm font-medium text-slate-800">Mensaje</label>
            <textarea id="contacto-mensaje" name="mensaje" rows={6} maxLength={CONTACT_LIMITS.messageMax} required className={FIELD} />
          </div>
          {/* Hidden from people (and from assistive technology); robots that fill every field fill this one. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="contacto-web">Tu web</label>
            <input id="contacto-web" name="web" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {error && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
          <p className="text-sm text-slate-600">
            Usaremos tu nombre y tu correo solo para responderte (<Link to="/privacidad">Privacidad</Link>). Para descargar o borrar tus datos no hace falta escribirnos: hazlo desde tu Perfil.
          </p>
          <Button type="submit" busy={busy}>Enviar mensaje</Button>
        </form>
      )}
    </InfoPage>
  );
}
