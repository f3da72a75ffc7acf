import type { ResetPasswordRequest } from '../contract';
import { AppError } from '../shared/errors';
import { WRONG_CODE } from './cognito-errors';
import type { EveryDevice } from './sign-out-everywhere';
import { login, type AuthPorts } from './use-cases';

// Password recovery and new confirmation codes (issue 14, items 1 and 2; issue 20, item 4). Neither
// answer may tell a stranger whether an address has an account, or whether it is confirmed: a known,
// an unknown and a confirmed address get the same status and body. Only the pool's own rate limit
// (TooManyRequestsException, not tied to any address) and outages get through.

export const FORGOT_SENT = 'Si existe una cuenta con ese correo, te enviamos un código para elegir una nueva contraseña.';
export const CODE_RESENT = 'Si tu cuenta está pendiente de confirmar, te enviamos un código nuevo. Revisa tu correo.';

/**
 * Errors that would reveal an account (or its absence, or its state): answered like a success.
 * LimitExceededException is Cognito's per-user code allowance: only an existing account reaches it,
 * so it would tell an attacker the address is registered. Past it, no mail goes out (the web asks
 * for a code at most every 60 s, so a learner meets it only after minutes of asking).
 */
const REVEALING = new Set(['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException', 'LimitExceededException']);

const hides = (error: unknown) => error instanceof AppError && error.status < 500 && REVEALING.has(error.code);

export async function forgotPassword({ identity }: AuthPorts, email: string) {
  try {
    await identity.forgotPassword(email);
  } catch (error) {
    if (!hides(error)) throw error;
  }
  return { message: FORGOT_SENT };
}

/**
 * Sets the new password with the mailed code, ends every session opened with the old one (whoever
 * holds them: a reset is what a learner does when someone else got in), then signs the learner in
 * with the new password.
 */
export async function resetPassword(ports: AuthPorts & { devices: EveryDevice }, input: ResetPasswordRequest) {
  try {
    await ports.identity.resetPassword(input);
  } catch (error) {
    // An unknown address reads like a wrong code: nothing to learn from trying addresses.
    if (error instanceof AppError && error.code === 'UserNotFoundException') throw new AppError(400, WRONG_CODE, error.code);
    throw error;
  }
  const at = await ports.devices.signOut({ username: input.email });
  await ports.devices.waitPast(at);
  const signedIn = await login(ports, { email: input.email, password: input.password });
  await ports.devices.cutOff(signedIn.user.id, at);
  return { ...signedIn, message: 'Contraseña actualizada. ¡Hola de nuevo!' };
}

export async function resendCode({ identity }: AuthPorts, email: string) {
  try {
    await identity.resendCode(email);
  } catch (error) {
    // "Already confirmed" is not said either: it would confirm to a stranger that the address has an account.
    if (!hides(error)) throw error;
  }
  return { message: CODE_RESENT };
}
