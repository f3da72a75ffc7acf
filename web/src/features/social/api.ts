import { call } from '../../lib/api';

// Every social call of the SPA, through the contract's client (types only: no zod in this chunk).

export const socialApi = {
  /**
   * Shows or hides the learner in the community: their profile's `perfilPublico`, through the profile's own
   * route. Called here rather than through the profile room, which shows this room's switch (one way).
   */
  showProfile: (perfilPublico: boolean) => call('PUT /users/profile', { body: { perfilPublico } }),
  suggestions: async (cursor?: string | null) => (await call('GET /social/users', { query: { cursor: cursor ?? undefined } })).data,
  search: async (topic: string, cursor?: string | null) => (await call('GET /social/users/search', { query: { topic, cursor: cursor ?? undefined } })).data,
  connections: async (silent = false) => (await call('GET /social/connections', {}, { silent })).data,
  send: (userId: string) => call('POST /social/connections', { body: { userId } }),
  accept: (userId: string) => call('POST /social/connections/{userId}/accept', { params: { userId } }),
  decline: (userId: string) => call('POST /social/connections/{userId}/decline', { params: { userId } }),
  remove: (userId: string) => call('DELETE /social/connections/{userId}', { params: { userId } }),
  // Issue 34: courses between connections. A course travels as its share link; copying is sharing's one copy route.
  courses: async (userId: string) => (await call('GET /social/connections/{userId}/courses', { params: { userId } }, { silent: true })).data,
  sendCourse: (userId: string, courseId: string) => call('POST /social/connections/{userId}/courses', { params: { userId }, body: { courseId } }),
  copyShared: (shareId: string) => call('POST /compartidos/{shareId}/copy', { params: { shareId } }),
  /** The learner's finished courses (the first page of Mis cursos), the ones that can be sent. */
  readyCourses: async () => (await call('GET /courses/my-courses', {}, { silent: true })).data.filter((c) => c.estado === 'listo'),
};

export type SocialAction = 'send' | 'accept' | 'decline' | 'remove';
