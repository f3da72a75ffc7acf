import type { ChangePasswordRequest, Tokens } from '../contract';
import type { EveryDevice } from '../auth';
import { unauthorized } from '../shared/errors';
import type { HttpEvent } from '../shared/http';

// POST /users/password (issue 14, item 3). Cognito's ChangePassword is authorised by the learner's
// own access token, not by IAM: the Lambda needs no grant, and can only ever change the caller's.
// Issue 20: a new password ends every session opened with the old one (GlobalSignOut, again with
// the caller's own token, and our API's cutoff); this device gets new tokens signed in with the
// new password, so the learner who changed it stays signed in here and nowhere else.

export type PasswordChanger = (input: { accessToken: string; actual: string; nueva: string }) => Promise<void>;
// Cognito's side (ChangePassword) is in cognito-account.ts, loaded with the Cognito client on first use.

/** The bearer token the authorizer already verified; the route is never reached without one. */
export function bearerToken(event: HttpEvent): string {
  const header = event.headers?.authorization ?? event.headers?.Authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized();
  return match[1];
}

export interface PasswordDeps {
  change: PasswordChanger;
  devices: EveryDevice;
  /** A password sign-in (USER_PASSWORD_AUTH) by Cognito user name. */
  signIn(username: string, password: string): Promise<Tokens>;
}

export const PASSWORD_CHANGED = 'Contraseña actualizada. Cerramos la sesión en tus otros dispositivos.';

export async function changePassword(deps: PasswordDeps, who: { userId: string; username: string; accessToken: string }, input: ChangePasswordRequest) {
  await deps.change({ accessToken: who.accessToken, actual: input.actual, nueva: input.nueva });
  const at = await deps.devices.signOut({ accessToken: who.accessToken });
  await deps.devices.waitPast(at);
  const tokens = await deps.signIn(who.username, input.nueva);
  await deps.devices.cutOff(who.userId, at);
  return { message: PASSWORD_CHANGED, tokens };
}
