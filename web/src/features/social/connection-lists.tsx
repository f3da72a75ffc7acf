import { useState } from 'react';
import { learnerLocale } from '../../lib/locale';
import type { ConnectionEntry, Connections } from '../../../../lambdas/contract/social';
import { Button } from '../../components/button';
import type { SocialAction } from './api';
import { ConnectionCourses } from './connection-courses';
import { handle, plural } from './format';
import { Avatar } from './learner-card';

interface Props {
  connections?: Connections;
  error?: string;
  busy: Record<string, SocialAction>;
  onAction: (action: SocialAction, userId: string) => void;
  onRetry: () => void;
}

const since = (iso: string) => new Date(iso).toLocaleDateString(learnerLocale(), { day: 'numeric', month: 'short' });

function Row({ entry, children, below }: { entry: ConnectionEntry; children?: React.ReactNode; below?: React.ReactNode }) {
  const { perfil } = entry;
  const line = perfil.intereses.slice(0, 3).join(' · ') || `Desde el ${since(entry.desde)}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar nombre={perfil.nombre} userId={perfil.userId} size="sm" />
      {/* At least 9rem for the name: narrower, the buttons wrap below instead of squeezing it. */}
      <div className="min-w-[9rem] flex-1">
        <p className="truncate font-medium text-slate-900">{perfil.nombre}</p>
        {/* Issue 34: the handle and the interests tell two people with the same name apart. */}
        <p className="truncate text-xs text-slate-600">{handle(perfil.alias)} · {line}</p>
        {Boolean(entry.cursosRecibidos) && (
          <p className="mt-0.5 text-xs font-semibold text-emerald-800">Te envió {plural(entry.cursosRecibidos!, 'curso', 'cursos')}</p>
        )}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
      {below}
    </li>
  );
}

/** A connection: its courses open below the row (issue 34). */
function ConnectionRow({ entry, busy, onAction }: { entry: ConnectionEntry; busy?: SocialAction; onAction: Props['onAction'] }) {
  const [open, setOpen] = useState(false);
  const { perfil } = entry;
  const panelId = `cursos-${perfil.userId}`;
  const small = 'px-3 py-1.5 text-sm';
  return (
    <Row entry={entry} below={open && <ConnectionCourses entry={entry} id={panelId} />}>
      <Button type="button" variant="secondary" className={small} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        Cursos<span className="sr-only"> con {perfil.nombre}</span>
      </Button>
      <Button type="button" variant="ghost" className={small} busy={busy === 'remove'} onClick={() => onAction('remove', perfil.userId)}>
        Eliminar<span className="sr-only"> la conexión con {perfil.nombre}</span>
      </Button>
    </Row>
  );
}

function Section({ id, title, count, empty, children }: { id: string; title: string; count: number; empty: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="flex items-center justify-between text-base font-bold text-slate-900">
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{count}</span>
      </h2>
      {count ? <ul className="divide-y divide-slate-100">{children}</ul> : <p className="mt-2 text-sm text-slate-600">{empty}</p>}
    </section>
  );
}

/** Requests received (with accept and decline), requests sent (withdraw) and connections. */
export function ConnectionLists({ connections, error, busy, onAction, onRetry }: Props) {
  if (error) {
    return (
      <div role="alert" className="rounded-2xl bg-red-50 p-5 text-sm text-red-900">
        <p>{error}</p>
        <Button type="button" variant="secondary" className="mt-3" onClick={onRetry}>Volver a intentarlo</Button>
      </div>
    );
  }
  if (!connections) return <div role="status" aria-busy="true" aria-label="Cargando tus conexiones" className="h-48 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none" />;
  const small = 'px-3 py-1.5 text-sm';
  return (
    <div className="space-y-4">
      <Section id="solicitudes-recibidas" title="Solicitudes recibidas" count={connections.recibidas.length} empty="Nadie te ha enviado una solicitud todavía.">
        {connections.recibidas.map((e) => (
          <Row key={e.perfil.userId} entry={e}>
            <Button type="button" className={small} busy={busy[e.perfil.userId] === 'accept'} onClick={() => onAction('accept', e.perfil.userId)}>
              Aceptar<span className="sr-only"> la solicitud de {e.perfil.nombre}</span>
            </Button>
            <Button type="button" variant="secondary" className={small} busy={busy[e.perfil.userId] === 'decline'} onClick={() => onAction('decline', e.perfil.userId)}>
              Rechazar<span className="sr-only"> la solicitud de {e.perfil.nombre}</span>
            </Button>
          </Row>
        ))}
      </Section>
      <Section id="mis-conexiones" title="Mis conexiones" count={connections.conexiones.length} empty="Aún no tienes conexiones. Envía una solicitud a alguien que aprenda lo mismo que tú.">
        {connections.conexiones.map((e) => <ConnectionRow key={e.perfil.userId} entry={e} busy={busy[e.perfil.userId]} onAction={onAction} />)}
      </Section>
      <Section id="solicitudes-enviadas" title="Solicitudes enviadas" count={connections.enviadas.length} empty="No tienes solicitudes pendientes.">
        {connections.enviadas.map((e) => (
          <Row key={e.perfil.userId} entry={e}>
            <Button type="button" variant="secondary" className={small} busy={busy[e.perfil.userId] === 'remove'} onClick={() => onAction('remove', e.perfil.userId)}>
              Retirar<span className="sr-only"> la solicitud a {e.perfil.nombre}</span>
            </Button>
          </Row>
        ))}
      </Section>
    </div>
  );
}
