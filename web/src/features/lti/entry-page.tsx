import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LtiEntryAnswer, LtiGradeNotice } from '../../../../lambdas/contract/lti';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { ltiApi } from './api';
import { GradeNotice } from './grade-notice';
import { PICKER_PROOF_KEY } from './picker-proof';

// /lti/entrar (issue 45, docs/lti.md "Signing in"): where the launch sends the LMS's browser, with a single-use
// ticket in the fragment (never sent to a server by the browser, never in a log). Nobody signed in here: the
// ticket signs in to the account of the LMS identity (made on its first launch). Someone signed in and the
// identity not linked yet: its owner chooses, explicitly, to link this account (once) or to use a new one.

type Landing = { destino: string; aviso?: string; avisoNotas?: LtiGradeNotice; pruebaSeleccion?: string };

type Stage =
  | { paso: 'entrando' }
  /** A learner's first launch into the aula: who receives their grade, read before moving on. */
  | { paso: 'notas'; landing: Landing & { avisoNotas: LtiGradeNotice } }
  | { paso: 'elegir'; ticket: string; nombre: string; plataforma: string }
  /** A launch carried to this new tab from the LMS's frame: whom it signs in, confirmed before anything happens. */
  | { paso: 'confirmar'; ticket: string; nombre: string; plataforma: string }
  | { paso: 'error'; mensaje: string };

const AGAIN = 'Vuelve a abrir la actividad desde tu plataforma.';

const ticketIn = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('ticket') ?? undefined;
/** A launch carried to a new tab brings its proof in the address it was opened with (docs/lti.md "Inside the LMS's iframe"). */
const carriedProofIn = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('prueba') ?? undefined;

/**
 * A launch finished inside the LMS's iframe, where no cookie is kept (docs/lti.md "Inside the LMS's iframe"): its
 * page left the ticket's proof in this origin's sessionStorage (the frame's own, partitioned under the LMS's site),
 * never in the address. Read once, for this ticket only, and removed.
 */
const PROOF_KEY = 'mentora.lti.prueba';
const proofs = new Map<string, string | undefined>();
function proofFor(ticket: string | undefined): string | undefined {
  if (!ticket) return undefined;
  // React's development mode runs this twice: the first read is kept for the ticket.
  if (!proofs.has(ticket)) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(PROOF_KEY) || 'null') as { ticket?: string; prueba?: string } | null;
      sessionStorage.removeItem(PROOF_KEY);
      proofs.set(ticket, kept?.ticket === ticket && typeof kept.prueba === 'string' ? kept.prueba : undefined);
    } catch {
      proofs.set(ticket, undefined);
    }
  }
  return proofs.get(ticket);
}

/**
 * A deep-linking launch finished inside the LMS's iframe: the picker is bound by a proof instead of a cookie. It is
 * handed to /lti/elegir in this frame's sessionStorage, with the picker's ticket (from `destino`'s fragment).
 */
function keepPickerProof(destino: string, prueba: string) {
  const ticket = new URLSearchParams(destino.split('#')[1] ?? '').get('seleccion');
  try {
    if (ticket) sessionStorage.setItem(PICKER_PROOF_KEY, JSON.stringify({ ticket, prueba }));
  } catch {
    // Storage refused: the picker says its request is not found (the launch's page checked storage first).
  }
}

// A ticket is spent by its first use: React's development double effect must not post it twice.
const started = new Map<string, Promise<LtiEntryAnswer>>();
const enterOnce = (ticket: string, cuentaNueva: boolean, prueba: string | undefined, confirmado = false) => {
  const key = `${ticket}:${cuentaNueva}:${confirmado}`;
  if (!started.has(key)) started.set(key, ltiApi.enter(ticket, cuentaNueva, prueba, confirmado));
  return started.get(key)!;
};

export default function LtiEntryPage() {
  const { isAuthenticated, user, enterWith } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once; then wiped from the address bar (a reload, or the address copied, must not carry it).
  const [ticket] = useState(() => ticketIn(location.hash));
  const [prueba] = useState(() => carriedProofIn(location.hash) ?? proofFor(ticket));
  const [stage, setStage] = useState<Stage>(ticket ? { paso: 'entrando' } : { paso: 'error', mensaje: `No encontramos el acceso de tu plataforma. ${AGAIN}` });
  const [busy, setBusy] = useState(false);

  function land(answer: Landing) {
    if (answer.avisoNotas) return setStage({ paso: 'notas', landing: { ...answer, avisoNotas: answer.avisoNotas } });
    go(answer);
  }
  function go(answer: Landing) {
    if (answer.aviso) notify.info(answer.aviso);
    if (answer.pruebaSeleccion) keepPickerProof(answer.destino, answer.pruebaSeleccion);
    void navigate(answer.destino, { replace: true });
  }

  function onAnswer(t: string, answer: LtiEntryAnswer) {
    if (answer.estado === 'sin-cuenta') return setStage({ paso: 'elegir', ticket: t, nombre: answer.nombre, plataforma: answer.plataforma });
    if (answer.estado === 'confirmar') return setStage({ paso: 'confirmar', ticket: t, nombre: answer.nombre, plataforma: answer.plataforma });
    enterWith(answer.user, answer.tokens);
    land(answer);
  }
  const onFailure = (error: unknown) => setStage({ paso: 'error', mensaje: errorMessage(error, `No pudimos abrir Mentora desde tu plataforma. ${AGAIN}`) });
  const enter = (t: string, cuentaNueva: boolean) => enterOnce(t, cuentaNueva, prueba).then((answer) => onAnswer(t, answer), onFailure);

  useEffect(() => {
    if (location.hash) void navigate(location.pathname, { replace: true });
    // Signed in here: ask before anything is linked. Nobody signed in: the LMS identity's own account.
    if (ticket) void enterOnce(ticket, !isAuthenticated, prueba).then((answer) => onAnswer(ticket, answer), onFailure);
    // Once, with the ticket the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function link(t: string) {
    setBusy(true);
    try {
      const answer = await ltiApi.link(t, prueba);
      notify.success(answer.message);
      land(answer);
    } catch (error) {
      setStage({ paso: 'error', mensaje: errorMessage(error, `No pudimos vincular tu cuenta. ${AGAIN}`) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Mentora desde tu plataforma</h1>
      {stage.paso === 'notas' && <GradeNotice aviso={stage.landing.avisoNotas} onContinue={() => go(stage.landing)} />}
      {stage.paso === 'entrando' && <p className="mt-4 text-slate-700" role="status">Entrando en Mentora…</p>}
      {stage.paso === 'error' && (
        <p className="mt-4 rounded-2xl bg-white p-5 text-red-800 shadow-sm ring-1 ring-red-200" role="alert">{stage.mensaje}</p>
      )}
      {stage.paso === 'confirmar' && (
        <section aria-labelledby="lti-confirmar" className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="lti-confirmar" className="text-xl font-semibold text-slate-900">¿Eres tú?</h2>
          <p className="mt-2 text-slate-700">
            Vas a entrar en Mentora como <strong>{stage.nombre}</strong>, tu usuario de <strong>{stage.plataforma}</strong>.
          </p>
          <p className="mt-2 text-slate-700">Si no abriste esta actividad tú, o ese no es tu nombre, no continúes: cierra esta pestaña.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="button" disabled={busy} onClick={() => { setBusy(true); setStage({ paso: 'entrando' }); void enterOnce(stage.ticket, true, prueba, true).then((answer) => onAnswer(stage.ticket, answer), onFailure).finally(() => setBusy(false)); }}>
              Sí, soy yo
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void navigate('/', { replace: true })}>No soy yo</Button>
          </div>
        </section>
      )}
      {stage.paso === 'elegir' && (
        <section aria-labelledby="lti-vincular" className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="lti-vincular" className="text-xl font-semibold text-slate-900">¿Vinculamos tu cuenta?</h2>
          <p className="mt-2 text-slate-700">
            Entraste desde <strong>{stage.plataforma}</strong> como <strong>{stage.nombre}</strong>. Ese usuario de tu plataforma todavía no tiene una cuenta de Mentora.
          </p>
          <p className="mt-2 text-slate-700">
            Tienes la sesión iniciada como <strong>{user?.nombre}</strong>{user?.email ? ` (${user.email})` : ''}. Si la vinculas, al abrir Mentora desde tu plataforma entrarás en esta cuenta, con tus cursos, sin contraseña. Solo se puede vincular una vez.
          </p>
          <p className="mt-2 text-slate-700">
            Vincúlala solo si <strong>{stage.plataforma}</strong> es la plataforma de tu escuela: quien la administra podrá abrir tu cuenta de Mentora desde ella.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="button" disabled={busy} onClick={() => void link(stage.ticket)}>Vincular mi cuenta</Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => { setStage({ paso: 'entrando' }); void enter(stage.ticket, true); }}>
              No, usar una cuenta nueva
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
