import type { ConnectionResult, Connections, LearnersPage } from '../../../../lambdas/contract/social';
import { api } from '../../lib/api-client';

// Every social call of the SPA. Types only from the contract (no zod in this chunk).

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}

/** The query in the URL itself (not axios `params`), so the URL is the whole request. */
const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  // encodeURIComponent, not URLSearchParams: a space travels as %20, never as a `+` a gateway might keep.
  const q = Object.entries(query)
    .filter((e): e is [string, string] => Boolean(e[1]))
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return q ? `${path}?${q}` : path;
};

export const socialApi = {
  suggestions: (cursor?: string | null) => api.get<Envelope<LearnersPage>>(withQuery('/social/users', { cursor })).then((r) => r.data.data),
  search: (topic: string, cursor?: string | null) =>
    api.get<Envelope<LearnersPage>>(withQuery('/social/users/search', { topic, cursor })).then((r) => r.data.data),
  connections: (silent = false) => api.get<Envelope<Connections>>('/social/connections', { silent }).then((r) => r.data.data),
  send: (userId: string) => api.post<Envelope<ConnectionResult>>('/social/connections', { userId }).then((r) => r.data),
  accept: (userId: string) => api.post<Envelope<ConnectionResult>>(`/social/connections/${encodeURIComponent(userId)}/accept`).then((r) => r.data),
  decline: (userId: string) => api.post<Envelope<ConnectionResult>>(`/social/connections/${encodeURIComponent(userId)}/decline`).then((r) => r.data),
  remove: (userId: string) => api.delete<Envelope<ConnectionResult>>(`/social/connections/${encodeURIComponent(userId)}`).then((r) => r.data),
};

export type SocialAction = 'send' | 'accept' | 'decline' | 'remove';
