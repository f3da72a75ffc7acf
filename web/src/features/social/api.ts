import { call } from '../../lib/api';

// Every social call of the SPA, through the contract's client (types only: no zod in this chunk).

export const socialApi = {
  suggestions: async (cursor?: string | null) => (await call('GET /social/users', { query: { cursor: cursor ?? undefined } })).data,
  search: async (topic: string, cursor?: string | null) => (await call('GET /social/users/search', { query: { topic, cursor: cursor ?? undefined } })).data,
  connections: async (silent = false) => (await call('GET /social/connections', {}, { silent })).data,
  send: (userId: string) => call('POST /social/connections', { body: { userId } }),
  accept: (userId: string) => call('POST /social/connections/{userId}/accept', { params: { userId } }),
  decline: (userId: string) => call('POST /social/connections/{userId}/decline', { params: { userId } }),
  remove: (userId: string) => call('DELETE /social/connections/{userId}', { params: { userId } }),
};

export type SocialAction = 'send' | 'accept' | 'decline' | 'remove';
