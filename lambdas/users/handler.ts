import { updateProfileRequest } from '../contract';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { getMe, updateProfile } from './use-cases';
import { dynamoUserStore } from './user-store';
import { dynamoPublicProfileStore } from '../social/public-profile-store';
import { dynamoTopicIndex } from '../social/topic-index';

const config = readConfig({ TABLE_NAME: tableName });
const store = dynamoUserStore(documentClient(), config.TABLE_NAME);
const publicProfile = dynamoPublicProfileStore(documentClient(), config.TABLE_NAME, dynamoTopicIndex(documentClient(), config.TABLE_NAME));

export const handler = createHandler('users', {
  'GET /users/me': endpoint({
    handle: async ({ userId }) => ok({ data: await getMe(store, userId) }),
  }),
  'PUT /users/profile': endpoint({
    body: updateProfileRequest,
    handle: async ({ userId, body }) =>
      ok({ data: await updateProfile(store, userId, body, publicProfile), message: 'Perfil actualizado' }),
  }),
});
