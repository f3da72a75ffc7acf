import type { ConnectionEntry, ConnectionResult, Connections } from '../contract/social';
import { AppError, badRequest, notFound } from '../shared/errors';
import type { ConnectionItem } from './connection-store';
import type { CourseSendStore } from './course-send-store';
import type { SocialDeps } from './discovery';
import { toPublicProfile } from './public-profile-store';

// A request lives as two sides: the sender's `enviada` and the receiver's `recibida`; a connection
// as two `conectado`. Without transactions, the writes are ordered so that every half-done state
// is one the next call recognises and completes or undoes:
// - send: sender's side first, then the receiver's (half-done: only the sender sees it; sending
//   again, or the receiver asking back, completes it);
// - accept: the sender's side becomes `conectado` first (conditional on still being a request),
//   then the receiver's (half-done: accepting or sending again completes it);
// - decline / withdraw / remove: the other side is deleted first, then one's own (half-done:
//   only the caller still sees it, and repeating the call finishes it; a lone `conectado` can only
//   be such a leftover, because accepting never creates a side).

export interface ConnectionDeps extends SocialDeps {
  dailyLimit: number;
  today?: () => string;
}
export type Outcome = ConnectionResult & { message: string; created?: boolean };

const SELF = 'No puedes enviarte una solicitud de conexión a ti mismo.';
const UNKNOWN = 'No encontramos a esa persona en la comunidad.';
const NO_REQUEST = 'No tienes ninguna solicitud pendiente de esta persona.';
const GONE = 'Esta solicitud ya no está disponible: la persona la retiró.';
const NOTHING = 'No tienes ninguna solicitud ni conexión con esta persona.';
/** How a learner who hid their profile appears in others' connection lists. */
export const HIDDEN_NAME = 'Perfil oculto';
const limitReached = (n: number) => `Has alcanzado el límite de ${n} solicitudes de conexión por hoy. Vuelve a intentarlo mañana.`;

const pending = (userId: string, message: string, created = false): Outcome => ({ userId, estado: 'pendiente', message, created });
const connected = (userId: string, message: string): Outcome => ({ userId, estado: 'conectado', message });

export async function sendRequest(deps: ConnectionDeps, me: string, other: string): Promise<Outcome> {
  if (me === other) throw badRequest(SELF);
  const { connections } = deps;
  // Two rounds at most: a concurrent write by the other learner is read back and met once.
  for (let round = 0; round < 2; round++) {
    const mine = await connections.get(me, other);
    if (mine?.estado === 'conectado') {
      const theirs = await connections.get(other, me);
      if (theirs) {
        if (theirs.estado !== 'conectado') await connections.connect(other, me, ['enviada', 'recibida']);
        return connected(other, 'Ya tienes conexión con esta persona.');
      }
      await connections.remove(me, other); // the leftover of a removal: start afresh
    }
    if (mine?.estado === 'recibida') return acceptRequest(deps, me, other);
    const target = await deps.profiles.get(other);
    if (!target?.nombre || !target.visible) throw notFound(UNKNOWN);
    if (mine?.estado === 'enviada') return completeRequest(deps, me, other, false);
    const day = (deps.today ?? (() => new Date().toISOString().slice(0, 10)))();
    if (!(await connections.countRequest(me, day, deps.dailyLimit))) throw new AppError(429, limitReached(deps.dailyLimit), 'TooManyRequests');
    if (await connections.create(me, other, 'enviada')) return completeRequest(deps, me, other, true);
  }
  throw new AppError(409, 'La solicitud cambió mientras la enviabas. Inténtalo de nuevo.', 'Conflict');
}

/** The receiver's side of a request whose sender's side exists. */
async function completeRequest(deps: ConnectionDeps, me: string, other: string, created: boolean): Promise<Outcome> {
  const { connections } = deps;
  if (await connections.create(other, me, 'recibida')) return pending(other, 'Solicitud enviada.', created);
  const theirs = await connections.get(other, me);
  if (theirs?.estado === 'enviada' || theirs?.estado === 'conectado') {
    // They had asked me too (or already accepted): a request both ways is a connection.
    await connections.connect(other, me, ['enviada', 'conectado']);
    await connections.connect(me, other, ['enviada', 'recibida', 'conectado']);
    return connected(other, 'Esta persona ya te había enviado una solicitud: ahora tienes conexión con ella.');
  }
  if (!theirs) await connections.create(other, me, 'recibida');
  return pending(other, created ? 'Solicitud enviada.' : 'Ya enviaste una solicitud a esta persona.', created);
}

export async function acceptRequest(deps: ConnectionDeps, me: string, other: string): Promise<Outcome> {
  const { connections } = deps;
  const mine = await connections.get(me, other);
  if (mine?.estado === 'conectado') return connected(other, 'Ya tienes conexión con esta persona.');
  // The caller's own partition decides: nobody can accept a request that was not sent to them.
  if (mine?.estado !== 'recibida') throw notFound(NO_REQUEST);
  if (!(await connections.connect(other, me, ['enviada', 'conectado']))) {
    await connections.remove(me, other);
    throw notFound(GONE);
  }
  await connections.connect(me, other, ['recibida', 'conectado']);
  return connected(other, 'Solicitud aceptada: ahora tienes conexión con esta persona.');
}

export async function declineRequest(deps: ConnectionDeps, me: string, other: string): Promise<Outcome> {
  const mine = await deps.connections.get(me, other);
  if (mine?.estado !== 'recibida') throw notFound(NO_REQUEST);
  return end(deps, me, other, 'Solicitud rechazada.');
}

/** Withdraws a request the caller sent, declines one they received, or ends a connection. */
export async function removeConnection(deps: ConnectionDeps, me: string, other: string): Promise<Outcome> {
  const mine = await deps.connections.get(me, other);
  if (!mine) throw notFound(NOTHING);
  const message = { enviada: 'Solicitud retirada.', recibida: 'Solicitud rechazada.', conectado: 'Conexión eliminada.' }[mine.estado];
  return end(deps, me, other, message);
}

async function end(deps: ConnectionDeps, me: string, other: string, message: string): Promise<Outcome> {
  await deps.connections.remove(other, me);
  await deps.connections.remove(me, other);
  return { userId: other, estado: 'ninguna', message };
}

export async function listConnections(deps: SocialDeps & { sends?: Pick<CourseSendStore, 'countsBySender'> }, me: string): Promise<Connections> {
  const [list, sent] = await Promise.all([deps.connections.list(me), deps.sends?.countsBySender(me) ?? new Map<string, number>()]);
  const items = list.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
  const records = await deps.profiles.getMany(items.map((i) => i.otherId));
  // A hidden learner stays hidden here too: the entry keeps only the id (so the request or the
  // connection can still be ended) and a neutral name, never their topics or counts.
  const hidden = (userId: string) => ({ userId, nombre: HIDDEN_NAME, intereses: [], temasCursos: [], cursos: 0, leccionesCompletadas: 0, visible: false });
  const entry = (i: ConnectionItem): ConnectionEntry => {
    const record = records.get(i.otherId);
    return { perfil: toPublicProfile(record?.visible && record.nombre ? record : hidden(i.otherId)), desde: i.updatedAt };
  };
  const of = (estado: ConnectionItem['estado']) => items.filter((i) => i.estado === estado).map(entry);
  // Issue 34: a connection says how many courses they sent the caller, so the receiver notices.
  const conexiones = of('conectado').map((e) => ({ ...e, cursosRecibidos: sent.get(e.perfil.userId) ?? 0 }));
  return { recibidas: of('recibida'), enviadas: of('enviada'), conexiones };
}
