import { CODE_RESENT, FORGOT_SENT, forgotPassword, resendCode, resetPassword } from '../../../lambdas/auth/recovery';
import { login, register } from '../../../lambdas/auth/use-cases';
import { AppError } from '../../../lambdas/shared/errors';
import { fakeIdentity, fakeSignups, fakeUserStore, rejectingVerifier } from './fakes';

const setup = () => {
  const id = fakeIdentity();
  const users = fakeUserStore();
  const signedOut: string[] = [];
  const devices = {
    signOut: async (who: { username: string } | { accessToken: string }) => (signedOut.push('username' in who ? who.username : who.accessToken), 1_000),
    cutOff: async (userId: string, at: number) => void signedOut.push(`cutoff ${userId} ${at}`),
    waitPast: async () => undefined,
  };
  return { ...id, items: users.items, signedOut, ports: { identity: id.identity, users: users.store, verifier: rejectingVerifier, signups: fakeSignups(), devices } };
};
const input = { email: 'ana@example.com', password: 'Aprender2025', nombre: 'Ana' };

describe('forgot password', () => {
  it('gives a stranger the same answer as a learner, so no address can be probed', async () => {
    const { ports, identity } = setup();
    await register(ports, input);
    await expect(forgotPassword(ports, input.email)).resolves.toEqual({ message: FORGOT_SENT });
    await expect(forgotPassword(ports, 'nadie@example.com')).resolves.toEqual({ message: FORGOT_SENT });
    identity.forgotPassword = () => Promise.reject(new AppError(400, 'x', 'InvalidParameterException'));
    await expect(forgotPassword(ports, input.email)).resolves.toEqual({ message: FORGOT_SENT });
  });

  it('still says when the whole pool is busy, and when the service fails', async () => {
    const { ports, identity } = setup();
    // The pool's rate limit names no address; the per-user allowance would, so it reads like a success (issue 20).
    identity.forgotPassword = () => Promise.reject(new AppError(429, 'Demasiados intentos.', 'TooManyRequestsException'));
    await expect(forgotPassword(ports, input.email)).rejects.toMatchObject({ status: 429 });
    identity.forgotPassword = () => Promise.reject(new AppError(429, 'Demasiados intentos.', 'LimitExceededException'));
    await expect(forgotPassword(ports, input.email)).resolves.toEqual({ message: FORGOT_SENT });
    identity.forgotPassword = () => Promise.reject(new AppError(500, 'No pudimos enviar el código.', 'InternalErrorException'));
    await expect(forgotPassword(ports, input.email)).rejects.toMatchObject({ status: 500 });
  });
});

describe('reset password', () => {
  it('sets the new password with the mailed code and signs the learner in with it', async () => {
    const { ports, users } = setup();
    await register(ports, input);
    users.get(input.email)!.confirmed = true;
    await forgotPassword(ports, input.email);
    const out = await resetPassword(ports, { email: input.email, code: '654321', password: 'Nueva-Clave9' });
    expect(out).toMatchObject({ user: { id: 'sub-1', email: input.email }, tokens: { accessToken: 'access-sub-1' }, message: 'Contraseña actualizada. ¡Hola de nuevo!' });
    await expect(login(ports, { email: input.email, password: input.password })).rejects.toMatchObject({ status: 401 });
  });

  it('ends every session opened before, on Cognito and on our API, then signs in (issue 20)', async () => {
    const { ports, users, signedOut } = setup();
    await register(ports, input);
    users.get(input.email)!.confirmed = true;
    await forgotPassword(ports, input.email);
    await resetPassword(ports, { email: input.email, code: '654321', password: 'Nueva-Clave9' });
    expect(signedOut).toEqual([input.email, 'cutoff sub-1 1000']);
  });

  it('answers a wrong code and an unknown address alike', async () => {
    const { ports } = setup();
    await register(ports, input);
    await forgotPassword(ports, input.email);
    await expect(resetPassword(ports, { email: input.email, code: '000000', password: 'Nueva-Clave9' })).rejects.toMatchObject({ status: 400, message: 'Error código inválido' });
    await expect(resetPassword(ports, { email: 'nadie@example.com', code: '654321', password: 'Nueva-Clave9' })).rejects.toMatchObject({ status: 400, message: 'Error código inválido' });
  });
});

describe('resend code', () => {
  it('mails a new code to an account that waits for one, and answers a stranger the same', async () => {
    const { ports, users } = setup();
    await register(ports, input);
    await expect(resendCode(ports, input.email)).resolves.toEqual({ message: CODE_RESENT });
    expect(users.get(input.email)!.code).toBe('111222');
    await expect(resendCode(ports, 'nadie@example.com')).resolves.toEqual({ message: CODE_RESENT });
  });

  it('answers a confirmed account exactly as any other address (issue 20): nothing tells a stranger it exists', async () => {
    const { ports, users } = setup();
    await register(ports, input);
    users.get(input.email)!.confirmed = true;
    await expect(resendCode(ports, input.email)).resolves.toEqual({ message: CODE_RESENT });
  });
});

describe('login with the code of an unconfirmed account', () => {
  it('confirms the account, then signs in with the password just typed', async () => {
    const { ports, calls, users } = setup();
    await register(ports, input);
    const out = await login(ports, { email: input.email, password: input.password, code: '123456' });
    expect(out.user).toMatchObject({ id: 'sub-1', nombre: 'Ana' });
    expect(users.get(input.email)!.confirmed).toBe(true);
    expect(calls.indexOf('confirmSignUp')).toBeLessThan(calls.indexOf('signIn'));
  });

  it('does not sign in with a wrong code', async () => {
    const { ports, calls } = setup();
    await register(ports, input);
    await expect(login(ports, { ...input, code: '999999' })).rejects.toMatchObject({ status: 400, message: 'Error código inválido' });
    expect(calls).not.toContain('signIn');
  });
});
