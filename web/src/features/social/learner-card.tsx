import type { LearnerCard as Card } from '../../../../lambdas/contract/social';
import { Button } from '../../components/button';
import type { SocialAction } from './api';
import { avatarTone, counts, handle, initials, memberSince } from './format';

export function Avatar({ nombre, userId, size = 'md' }: { nombre: string; userId: string; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-10 w-10 text-sm' : 'h-12 w-12 text-base';
  return (
    <span aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-full font-bold text-white ${avatarTone(userId)} ${box}`}>
      {initials(nombre)}
    </span>
  );
}

export function Chips({ items, tone, label }: { items: string[]; tone: 'indigo' | 'emerald'; label: string }) {
  if (!items.length) return null;
  const colors = tone === 'indigo' ? 'bg-indigo-50 text-indigo-800' : 'bg-emerald-50 text-emerald-800';
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((t) => (
        <li key={t} className={`max-w-full truncate rounded-full px-2.5 py-0.5 text-xs font-medium ${colors}`}>{t}</li>
      ))}
    </ul>
  );
}

interface Props {
  card: Card;
  busy?: SocialAction;
  onAction: (action: SocialAction, userId: string) => void;
}

/** A learner as the community sees them, with the one next step the relation allows. */
export function LearnerCard({ card, busy, onAction }: Props) {
  const since = memberSince(card.miembroDesde);
  const who = (words: string) => <span className="sr-only"> {words} {card.nombre}</span>;
  return (
    <li className="flex min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-3">
        <Avatar nombre={card.nombre} userId={card.userId} />
        <div className="min-w-0">
          <h3 className="line-clamp-2 break-words text-lg font-semibold text-slate-900">{card.nombre}</h3>
          {/* Issue 34: the handle tells two people with the same name apart. */}
          <p className="truncate text-sm text-slate-600">{handle(card.alias)}</p>
          {since && <p className="text-xs text-slate-600">{since}</p>}
        </div>
      </div>
      {card.enComun.length > 0 && (
        <p className="mt-3 text-sm font-medium text-violet-800">
          {card.enComun.length === 1 ? 'Tema en común: ' : `${card.enComun.length} temas en común: `}
          {card.enComun.join(', ')}
        </p>
      )}
      <div className="mt-3 space-y-2">
        <Chips items={card.intereses} tone="indigo" label={`Intereses de ${card.nombre}`} />
        {card.temas.length > 0 && (
          <div>
            <p className="mb-1 text-xs font-semibold text-slate-600">Aprende</p>
            <Chips items={card.temas} tone="emerald" label={`Temas de los cursos de ${card.nombre}`} />
          </div>
        )}
      </div>
      <p className="mt-3 text-sm text-slate-700">{counts(card.cursos, card.leccionesCompletadas)}</p>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        {card.conexion === 'ninguna' && (
          <Button type="button" busy={busy === 'send'} onClick={() => onAction('send', card.userId)}>Conectar{who('con')}</Button>
        )}
        {card.conexion === 'enviada' && (
          <>
            <span className="rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900">Solicitud enviada</span>
            <Button type="button" variant="secondary" busy={busy === 'remove'} onClick={() => onAction('remove', card.userId)}>Retirar{who('la solicitud a')}</Button>
          </>
        )}
        {card.conexion === 'recibida' && (
          <>
            <Button type="button" busy={busy === 'accept'} onClick={() => onAction('accept', card.userId)}>Aceptar{who('la solicitud de')}</Button>
            <Button type="button" variant="secondary" busy={busy === 'decline'} onClick={() => onAction('decline', card.userId)}>Rechazar{who('la solicitud de')}</Button>
          </>
        )}
        {card.conexion === 'conectado' && (
          <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">Conectados</span>
        )}
      </div>
    </li>
  );
}
