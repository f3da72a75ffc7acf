import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LtiPickerOptions } from '../../../../lambdas/contract/lti';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { ltiApi } from './api';
import { PICKER_PROOF_KEY } from './picker-proof';

// /lti/elegir (issue 45 item 3, docs/lti.md "Deep Linking"): the teacher's LMS asked for content ("Añadir
// actividad"); the teacher picks one of their courses, or one module's evaluation. The choice goes back as a
// form post to Mentora (POST /lti/seleccion), which checks it against the teacher's own courses, signs the answer
// and shows the page that posts it to the LMS: the SPA's policy lets forms go to Mentora only, and it never
// sees the signed answer. The picker's ticket arrives in the fragment; it is kept for this tab only (a reload
// still works) and wiped from the address bar.

const KEPT = 'mentora.lti.seleccion';
const AGAIN = 'Vuelve a pulsar «Añadir actividad» en tu plataforma.';

function ticketOf(hash: string): string | undefined {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('seleccion') ?? undefined;
  if (fromHash) sessionStorage.setItem(KEPT, fromHash);
  return fromHash ?? sessionStorage.getItem(KEPT) ?? undefined;
}

/**
 * Inside the LMS's iframe (no cookie kept there) the picker is bound by a proof /lti/entrar left in this frame's
 * sessionStorage (docs/lti.md "Deep Linking"): sent in the body of the list's call and of the form post, never in
 * an address. Kept until the choice is sent, so a reload of the framed page still works.
 */
function proofOf(ticket: string | undefined): string | undefined {
  if (!ticket) return undefined;
  try {
    const kept = JSON.parse(sessionStorage.getItem(PICKER_PROOF_KEY) || 'null') as { ticket?: string; prueba?: string } | null;
    return kept?.ticket === ticket && typeof kept.prueba === 'string' ? kept.prueba : undefined;
  } catch {
    return undefined;
  }
}

type Pick = { courseId: string; moduleId?: string };
const keyOf = (p: Pick) => `${p.courseId}/${p.moduleId ?? ''}`;

export default function LtiPickerPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [ticket] = useState(() => ticketOf(location.hash));
  const [prueba] = useState(() => proofOf(ticket));
  const [picked, setPicked] = useState<Pick[]>([]);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [action, setAction] = useState<string>();
  const [elementos, setElementos] = useState('[]');
  const options = useQuery({ queryKey: ['lti', 'seleccion', ticket], queryFn: () => ltiApi.pickerOptions(ticket!, prueba), enabled: !!ticket, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });

  useEffect(() => {
    // The address keeps its `marco` (a reload inside the LMS's iframe is framable by that platform only).
    if (location.hash) void navigate(`${location.pathname}${location.search}`, { replace: true });
    // Once, with the fragment the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The form holds the choice and its address when it is submitted (React renders them before submit()).
  useEffect(() => {
    if (sending && action) form.current?.submit();
  }, [sending, action]);

  async function send(choice: Pick[]) {
    setSending(true);
    setElementos(JSON.stringify(choice));
    setAction(await ltiApi.pickerAction());
    sessionStorage.removeItem(KEPT);
    sessionStorage.removeItem(PICKER_PROOF_KEY);
  }

  function toggle(p: Pick, varios: boolean) {
    setPicked((now) => {
      if (!varios) return [p];
      return now.some((q) => keyOf(q) === keyOf(p)) ? now.filter((q) => keyOf(q) !== keyOf(p)) : [...now, p];
    });
  }

  if (!ticket) return <Shell><p className="mt-4 rounded-2xl bg-white p-5 text-red-800 shadow-sm ring-1 ring-red-200" role="alert">No encontramos la solicitud de tu plataforma. {AGAIN}</p></Shell>;

  return (
    <Shell>
      {options.isPending && <p className="mt-4 text-slate-700" role="status">Cargando tus cursos…</p>}
      {options.error && <p className="mt-4 rounded-2xl bg-white p-5 text-red-800 shadow-sm ring-1 ring-red-200" role="alert">{errorMessage(options.error, `No pudimos abrir tus cursos. ${AGAIN}`)}</p>}
      {options.data && (
        <Choices
          data={options.data}
          picked={picked}
          sending={sending}
          onToggle={(p) => toggle(p, options.data.varios)}
          onSend={() => void send(picked)}
          onCancel={() => void send([])}
        />
      )}
      {action && (
        <form ref={form} method="post" action={action} hidden>
          <input type="hidden" name="ticket" value={ticket} />
          <input type="hidden" name="elementos" value={elementos} />
          {prueba && <input type="hidden" name="prueba" value={prueba} />}
        </form>
      )}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Añadir Mentora a tu curso</h1>
      {children}
    </div>
  );
}

interface ChoicesProps {
  data: LtiPickerOptions;
  picked: Pick[];
  sending: boolean;
  onToggle: (p: Pick) => void;
  onSend: () => void;
  onCancel: () => void;
}

function Choices({ data, picked, sending, onToggle, onSend, onCancel }: ChoicesProps) {
  const chosen = new Set(picked.map(keyOf));
  const type = data.varios ? 'checkbox' : 'radio';
  const where = data.curso ? <>«{data.curso}» en <strong>{data.plataforma}</strong></> : <strong>{data.plataforma}</strong>;
  return (
    <>
      <p className="mt-3 text-slate-700">
        Elige {data.varios ? 'uno o varios de tus cursos, o evaluaciones de un módulo' : 'uno de tus cursos, o la evaluación de un módulo'}. Se añade{data.varios ? 'n' : ''} como actividad a {where}, con su columna en el libro de calificaciones; tus estudiantes entran a su propia copia.
      </p>
      {data.cursos.length === 0 && (
        <p className="mt-4 rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          Todavía no tienes cursos listos en Mentora. <Link to="/generar" className="font-semibold text-indigo-700 hover:underline">Crea un curso</Link> y vuelve a pulsar «Añadir actividad» en tu plataforma.
        </p>
      )}
      <div className="mt-4 space-y-4">
        {data.cursos.map((c) => (
          <fieldset key={c.courseId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
            <legend className="sr-only">{c.titulo}</legend>
            <label className="flex cursor-pointer items-start gap-3">
              <input type={type} name="eleccion" className="mt-1 h-5 w-5 shrink-0 accent-indigo-700" checked={chosen.has(keyOf({ courseId: c.courseId }))} onChange={() => onToggle({ courseId: c.courseId })} />
              <span className="font-semibold text-slate-900">
                {c.titulo}
                <span className="block text-sm font-normal text-slate-600">El curso completo: la nota llega cuando el estudiante lo termina.</span>
              </span>
            </label>
            {c.modulos.length > 0 && (
              <ul className="mt-3 space-y-2 border-t border-slate-100 pt-3 sm:pl-8">
                {c.modulos.map((m, i) => (
                  <li key={m.moduleId}>
                    <label className="flex cursor-pointer items-start gap-3">
                      <input type={type} name="eleccion" className="mt-1 h-5 w-5 shrink-0 accent-indigo-700" checked={chosen.has(keyOf({ courseId: c.courseId, moduleId: m.moduleId }))} onChange={() => onToggle({ courseId: c.courseId, moduleId: m.moduleId })} />
                      <span className="text-slate-800">Evaluación del módulo {i + 1}: {m.titulo}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        ))}
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button type="button" disabled={picked.length === 0} busy={sending && picked.length > 0} onClick={onSend}>Añadir a mi plataforma</Button>
        <Button type="button" variant="secondary" disabled={sending} onClick={onCancel}>Cancelar</Button>
      </div>
      <p className="mt-3 text-sm text-slate-600">Cancelar le dice a tu plataforma que no se añadió nada.</p>
    </>
  );
}
