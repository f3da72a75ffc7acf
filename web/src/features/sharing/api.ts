import { call } from '../../lib/api';

// Sharing a course by link (issue 25, docs/sharing.md). The public read works signed out: the route
// table marks it public, so the client sends no session and never refreshes one for it.

export const sharingApi = {
  share: async (courseId: string) => (await call('POST /courses/{id}/share', { params: { id: courseId } })).data,
  withdraw: async (courseId: string) => call('DELETE /courses/{id}/share', { params: { id: courseId } }),
  read: async (shareId: string) => (await call('GET /compartidos/{shareId}', { params: { shareId } }, { silent: true })).data,
  copy: async (shareId: string) => call('POST /compartidos/{shareId}/copy', { params: { shareId } }),
};

/** The address to hand out: the page on this site's own origin. */
export const shareUrl = (path: string) => `${window.location.origin}${path}`;

/** "Nadie lo ha copiado todavía", "1 copia", "3 copias". */
export const copiesText = (n: number) => (n === 0 ? 'Nadie lo ha copiado todavía' : n === 1 ? '1 copia' : `${n} copias`);

export const sharingKeys = {
  shared: (shareId: string) => ['compartidos', shareId] as const,
};
