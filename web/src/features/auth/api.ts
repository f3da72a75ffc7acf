import type { RegisterRequest, SocialLoginRequest, Tokens } from '../../../../lambdas/contract/auth';
import type { User } from '../../../../lambdas/contract/users';
import { call } from '../../lib/api';

// The auth calls of SPEC §7, through the contract's client (lib/api.ts). Each answer may still
// say `success: false` or lack the user: the store treats that as a failure (SPEC §5).

export interface AuthAnswer {
  success: boolean;
  user?: User;
  tokens?: Tokens;
  message?: string;
}

export const authApi = {
  /** `code` confirms a never-confirmed account first (the code step of /login). */
  login: (email: string, password: string, code?: string): Promise<AuthAnswer> =>
    call('POST /auth/login', { body: { email, password, ...(code ? { code } : {}) } }),
  register: (body: RegisterRequest) => call('POST /auth/register', { body }),
  confirm: (body: { username: string; code: string; email: string; sessionId?: string }): Promise<AuthAnswer> => call('POST /auth/confirm', { body }),
  loginSocial: (body: SocialLoginRequest): Promise<AuthAnswer> => call('POST /auth/loginsocial', { body }),
  /** Issue 44: the browser's offline study data (the outbox included) goes with the session, before any request. */
  logout: (refreshToken: string | null) => {
    void import('../../lib/offline-store').then((m) => m.eraseOfflineData()).catch((e: unknown) => console.warn('offline data not erased', e));
    return call('POST /auth/logout', { body: refreshToken ? { refreshToken } : {} }, { silent: true });
  },
  forgotPassword: (email: string) => call('POST /auth/forgot-password', { body: { email } }),
  resetPassword: (body: { email: string; code: string; password: string }): Promise<AuthAnswer> => call('POST /auth/reset-password', { body }),
  resendCode: (email: string) => call('POST /auth/resend-code', { body: { email } }),
  // Every other session ends; this device gets tokens signed in with the new password (issue 20).
  changePassword: (body: { actual: string; nueva: string }) => call('POST /users/password', { body }),
  me: () => call('GET /users/me', {}, { silent: true }),
};
