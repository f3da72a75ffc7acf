import * as z from 'zod';
import { SOCIAL_LIMITS, connectionRequest, courseSendRequest, id, searchQuery, suggestionsQuery } from '../contract';
import { dynamoCourseLinks } from '../sharing';
import { clock } from '../shared/clock';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { badRequest } from '../shared/errors';
import { createHandler, endpoint, ok } from '../shared/http';
import { dynamoConnectionStore } from './connection-store';
import { dynamoCourseSendStore } from './course-send-store';
import { connectionCourses, sendCourse, type CourseSendDeps } from './course-sends';
import { acceptRequest, declineRequest, listConnections, removeConnection, sendRequest, type ConnectionDeps, type Outcome } from './connections';
import { searchLearners, suggestLearners } from './discovery';
import { dynamoPublicProfileStore } from './public-profile-store';
import { dynamoTopicIndex } from './topic-index';

const config = readConfig({
  TABLE_NAME: tableName,
  SOCIAL_DAILY_REQUESTS: z.coerce.number().int().min(1).default(SOCIAL_LIMITS.requestsPerDay),
});
const db = documentClient();
const index = dynamoTopicIndex(db, config.TABLE_NAME);
const deps: ConnectionDeps = {
  index,
  profiles: dynamoPublicProfileStore(db, config.TABLE_NAME, index),
  connections: dynamoConnectionStore(db, config.TABLE_NAME),
  dailyLimit: config.SOCIAL_DAILY_REQUESTS,
};
const sends: CourseSendDeps = { connections: deps.connections, sends: dynamoCourseSendStore(db, config.TABLE_NAME), links: dynamoCourseLinks(db, config.TABLE_NAME), now: clock.now };

const otherId = (params: Record<string, string>) => {
  const parsed = id('La persona').safeParse(params.userId);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
};
const answer = ({ message, created, ...data }: Outcome) => ok({ data, message }, created ? 201 : 200);

export const handler = createHandler('social', {
  'GET /social/users': endpoint({
    query: suggestionsQuery,
    handle: async ({ userId, query }) => ok({ data: await suggestLearners(deps, userId, query) }),
  }),
  'GET /social/users/search': endpoint({
    query: searchQuery,
    handle: async ({ userId, query }) => ok({ data: await searchLearners(deps, userId, query as unknown as z.infer<typeof searchQuery>) }),
  }),
  'GET /social/connections': endpoint({ handle: async ({ userId }) => ok({ data: await listConnections({ ...deps, sends: sends.sends }, userId) }) }),
  'POST /social/connections': endpoint({
    body: connectionRequest,
    handle: async ({ userId, body }) => answer(await sendRequest(deps, userId, body.userId)),
  }),
  'POST /social/connections/{userId}/accept': endpoint({ handle: async ({ userId, params }) => answer(await acceptRequest(deps, userId, otherId(params))) }),
  'POST /social/connections/{userId}/decline': endpoint({ handle: async ({ userId, params }) => answer(await declineRequest(deps, userId, otherId(params))) }),
  'DELETE /social/connections/{userId}': endpoint({ handle: async ({ userId, params }) => answer(await removeConnection(deps, userId, otherId(params))) }),
  'GET /social/connections/{userId}/courses': endpoint({ handle: async ({ userId, params }) => ok({ data: await connectionCourses(sends, userId, otherId(params)) }) }),
  'POST /social/connections/{userId}/courses': endpoint({
    body: courseSendRequest,
    handle: async ({ userId, params, body }) => {
      const { created, ...sent } = await sendCourse(sends, userId, otherId(params), body.courseId);
      return ok(sent, created ? 201 : 200);
    },
  }),
});
