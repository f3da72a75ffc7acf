import * as z from 'zod';
import { changePasswordRequest, courseVisibilityRequest, deleteAccountRequest, id, updateProfileRequest } from '../contract';
import { clock } from '../shared/clock';
import { badRequest } from '../shared/errors';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok, type HttpEvent } from '../shared/http';
import { bearerToken, changePassword, type PasswordDeps } from './change-password';
import { stepFunctionsExecutions } from './stop-executions';
import type { DeletionDeps } from './account-deletion';
import type { RoomPorts } from './deletion-rooms';
import { exportAccount } from './account-export';
import { setCourseVisibility } from './course-visibility';
import { dynamoPartitionStore } from './partition-store';
import { getMe, updateProfile } from './use-cases';
import { dynamoUserStore } from '../user-profile';
import { dynamoPublicProfileStore, dynamoTopicIndex } from '../social';

const config = readConfig({
  TABLE_NAME: tableName,
  USER_POOL_ID: z.string().min(1),
  // The password change signs this device in again with the new password (change-password.ts).
  USER_POOL_CLIENT_ID: z.string().min(1),
  // The state machines whose running executions an account deletion stops (absent where the stack has none).
  STATE_MACHINE_ARN: z.string().min(1).optional(),
  MODEL_JOBS_STATE_MACHINE_ARN: z.string().min(1).optional(),
  // The originals of uploaded materials and the narrated audio an account deletion erases (absent where the stack has none).
  MATERIALS_BUCKET: z.string().min(1).optional(),
});
const store = dynamoUserStore(documentClient(), config.TABLE_NAME);
const publicProfile = dynamoPublicProfileStore(documentClient(), config.TABLE_NAME, dynamoTopicIndex(documentClient(), config.TABLE_NAME));
const partition = dynamoPartitionStore(documentClient(), config.TABLE_NAME);
// Cognito (its client and the auth room's code) is loaded on the first password change or deletion, not at cold start.
let cognito: Promise<ReturnType<typeof import('./cognito-account').cognitoPorts>> | undefined;
const ports = () => (cognito ??= import('./cognito-account').then((m) => m.cognitoPorts(config)));
const devices: DeletionDeps['devices'] & PasswordDeps['devices'] = {
  signOut: async (who) => (await ports()).devices.signOut(who),
  waitPast: async (at) => (await ports()).devices.waitPast(at),
  cutOff: async (userId, at) => (await ports()).devices.cutOff(userId, at),
};
// The rest of the deletion's ports, and the deletion itself, are loaded on the first deletion (deletion-rooms.ts).
const deletion: Omit<DeletionDeps, keyof RoomPorts> = {
  users: store,
  partition,
  devices,
  executions: stepFunctionsExecutions([config.STATE_MACHINE_ARN, config.MODEL_JOBS_STATE_MACHINE_ARN].filter((arn): arn is string => Boolean(arn))),
  identity: { deleteUser: async (username) => (await ports()).identity.deleteUser(username) },
  now: () => clock.now(),
};

const password: PasswordDeps = {
  change: async (input) => (await ports()).change(input),
  devices,
  signIn: async (username, nueva) => (await ports()).signIn(username, nueva),
};

const courseId = (params: Record<string, string>) => {
  const parsed = id('El curso').safeParse(params.id);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
};
/** Cognito's user name (the `username` claim of the access token; a federated user's differs from the sub). */
const username = (event: HttpEvent, userId: string) => {
  const claim = event.requestContext.authorizer?.jwt?.claims?.username;
  return typeof claim === 'string' && claim ? claim : userId;
};

export const handler = createHandler('users', {
  'GET /users/me': endpoint({
    handle: async ({ userId }) => ok({ data: await getMe(store, userId) }),
  }),
  'DELETE /users/me': endpoint({
    body: deleteAccountRequest,
    handle: async ({ userId, event, body }) => {
      const { deleteAccount, deletionRooms } = await import('./deletion-rooms');
      await deleteAccount({ ...deletion, ...deletionRooms(config) }, { userId, username: username(event, userId) }, body.confirmacion);
      return ok({ message: 'Tu cuenta y todos tus datos se han eliminado.' });
    },
  }),
  'GET /users/me/export': endpoint({
    handle: async ({ userId }) => {
      const data = await exportAccount({ partition, now: () => clock.now() }, userId);
      const day = data.exportadoEn.slice(0, 10);
      return { ...ok({ data }), headers: { 'content-disposition': `attachment; filename="mentora-mis-datos-${day}.json"` } };
    },
  }),
  'PUT /users/courses/{id}/visibility': endpoint({
    body: courseVisibilityRequest,
    handle: async ({ userId, params, body }) => {
      const user = await setCourseVisibility({ store, publicProfile }, userId, courseId(params), body.publico);
      return ok({ data: user, message: body.publico ? 'El tema del curso aparece en tu perfil público' : 'El tema del curso ya no aparece en tu perfil público' });
    },
  }),
  'PUT /users/profile': endpoint({
    body: updateProfileRequest,
    handle: async ({ userId, body }) =>
      ok({ data: await updateProfile(store, userId, body, publicProfile), message: 'Perfil actualizado' }),
  }),
  'POST /users/password': endpoint({
    body: changePasswordRequest,
    handle: async ({ userId, event, body }) => ok(await changePassword(password, { userId, username: username(event, userId), accessToken: bearerToken(event) }, body)),
  }),
});
