import type { ResetPasswordRequest } from '../contract';
import { AppError } from '../shared/errors';
import { WRONG_CODE } from './cognito-errors';
import { login, type AuthPorts } from './use-cases';

// Password recovery and new confirmation codes (issue 14, items 1 and 2). Neither answer may tell
// a stranger whether an address has an account: only throttling and outages get through.

export const FORGOT_SENT = 'Si existe una cuenta con ese correo, te enviamos un código para elegir una nueva contraseña.';
export const CODE_RESENT = 'Si tu cuenta está pendiente de confirmar, te enviamos un código nuevo. Revisa tu correo.';

/** Errors that would reveal an account (or its absence): answered like a success. */
const REVEALING = new Set(['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException']);

const hides = (error: unknown) => error instanceof AppError && error.status < 500 && error.status !== 429 && REVEALING.has(error.code);

export async function forgotPassword({ identity }: AuthPorts, email: string) {
  try {
    await identity.forgotPassword(email);
  } catch (error) {
    if (!hides(error)) throw error;
  }
  return { message: FORGOT_SENT };
}

/** Sets the new password with the mailed code, then signs the learner in with it. */
export async function resetPassword(ports: AuthPorts, input: ResetPasswordRequest) {
  try {
    await ports.identity.resetPassword(input);
  } catch (error) {
    // An unknown address reads like a wrong code: nothing to learn from trying addresses.
    if (error instanceof AppError && error.code === 'UserNotFoundException') throw new AppError(400, WRONG_CODE, error.code);
    throw error;
  }
  const signedIn = await login(ports, { email: input.email, password: input.password });
  return { ...signedIn, message: 'Contraseña actualizada. ¡Hola de nuevo!' };
}

export async function resendCode({ identity }: AuthPorts, email: string) {
  try {
    await identity.resendCode(email);
  } catch (error) {
    // "Already confirmed" is said plainly: it only tells what signing in would tell anyway.
    if (!(error instanceof AppError && error.code === 'UserNotFoundException')) throw error;
  }
  return { message: CODE_RESENT };
}
