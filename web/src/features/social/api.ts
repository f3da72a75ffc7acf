import type { ConnectionResult, Connections, LearnersPage } from '../../../../lambdas/contract/social';
import { api } from '../../lib/api-client';

// Every social call of the SPA. Types only from the contract (no zod in this chunk).

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}

const page = (cursor?: string | null) => (cursor ? { cursor } : {});

export const socialApi = {
  suggestions: (cursor?: string | null) => api.get<Envelope<LearnersPage>>('/social/users', { params: page(cursor) }).then((r) => r.data.data),
  search: (topic: string, cursor?: string | null) =>
    api.get<Envelope<LearnersPage>>('/social/users/search', { params: { topic, ...page(cursor) } }).then((r) => r.data.data),
  connections: (silent = false) => api.get<Envelope<Connections>>('/social/connections', { silent }).then((r) => r.data.data),
  send: (userId: string) => api.post<Envelope<ConnectionResult>>('/social/connections', { userId }).then((r) => r.data),
  accept: (userId: string) => api.post<Envelope<ConnectionResult>>(`/social/connections/${encodeURIComponent(userId)}/accept`).then((r) => r.data),
  decline: (userId: string) => api.post<Envelope<ConnectionResult>>(`/social/connections/${encodeURIComponent(userId)}/decline`).then((r) => r.data),
  remove: (userId: string) => api.delete<Envelope<ConnectionResult>>(`/social/connections/${encodeURIComponent(userId)}`).then((r) => r.data),
};

export type SocialAction = 'send' | 'accept' | 'decline' | 'remove';
