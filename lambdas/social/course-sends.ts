import type { ConnectionCourses, SentCourse } from '../contract/social';
import type { CourseLinkPort } from '../sharing';
import { badRequest, forbidden } from '../shared/errors';
import type { ConnectionStore } from './connection-store';
import type { CourseSendStore, SendItem } from './course-send-store';

// Something to do with a connection (issue 34, docs/social.md): send them one of your courses and see
// what the two of you sent each other. A course travels as its share link (lambdas/sharing): the
// receiver opens and copies it by the one copy path there is. Only a connected pair may do either;
// for anyone else (a stranger, a pending request, an id that names nobody) the answer is the same 403.

export interface CourseSendDeps {
  connections: ConnectionStore;
  sends: CourseSendStore;
  links: CourseLinkPort;
  now: () => Date;
}

export const NOT_CONNECTED_SEND = 'Solo puedes enviar cursos a tus conexiones.';
export const NOT_CONNECTED_LIST = 'Solo puedes ver los cursos que compartes con tus conexiones.';
const SELF = 'No puedes enviarte un curso a ti mismo.';
const MESSAGES = {
  created: 'Curso enviado. Tu conexión lo verá en la comunidad y podrá copiarlo.',
  updated: 'Curso enviado de nuevo, con su enlace actual.',
  same: 'Ya le habías enviado este curso.',
} as const;

/** Both sides say `conectado`: a half-done request or a lone leftover side is not a connection. */
async function connected(deps: CourseSendDeps, me: string, other: string): Promise<boolean> {
  if (me === other) return false;
  const [mine, theirs] = await Promise.all([deps.connections.get(me, other), deps.connections.get(other, me)]);
  return mine?.estado === 'conectado' && theirs?.estado === 'conectado';
}

const view = (item: SendItem, live: Set<string>, copia?: string): SentCourse => ({
  shareId: item.shareId,
  url: item.url,
  titulo: item.titulo,
  topic: item.topic,
  nivel: item.nivel,
  enviadoEl: item.enviadoEl,
  disponible: live.has(item.shareId),
  ...(copia && { copia }),
});

/** POST /social/connections/{userId}/courses: one item per course and receiver, however often it is sent. */
export async function sendCourse(deps: CourseSendDeps, me: string, other: string, courseId: string) {
  if (me === other) throw badRequest(SELF);
  if (!(await connected(deps, me, other))) throw forbidden(NOT_CONNECTED_SEND);
  // The caller's own course only (another's id is the course store's 404), published by sharing's rules.
  const link = await deps.links.publish(me, courseId);
  const item: SendItem = { fromId: me, courseId, ...link, enviadoEl: deps.now().toISOString() };
  const outcome = await deps.sends.put(other, item);
  return { data: view(item, new Set([link.shareId])), message: MESSAGES[outcome], created: outcome === 'created' };
}

/** GET /social/connections/{userId}/courses: what they sent the caller (with the caller's copy) and what the caller sent them. */
export async function connectionCourses(deps: CourseSendDeps, me: string, other: string): Promise<ConnectionCourses> {
  if (!(await connected(deps, me, other))) throw forbidden(NOT_CONNECTED_LIST);
  const [received, sent] = await Promise.all([deps.sends.between(me, other), deps.sends.between(other, me)]);
  const [live, copies] = await Promise.all([
    deps.links.live([...received, ...sent].map((i) => i.shareId)),
    deps.links.copies(me, received.map((i) => i.courseId)),
  ]);
  const newest = (a: SentCourse, b: SentCourse) => (a.enviadoEl < b.enviadoEl ? 1 : -1);
  return {
    recibidos: received.map((i) => view(i, live, copies.get(i.courseId))).sort(newest),
    enviados: sent.map((i) => view(i, live)).sort(newest),
  };
}
