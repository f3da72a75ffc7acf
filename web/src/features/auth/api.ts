import type { RegisterRequest, SocialLoginRequest, Tokens } from '../../../../lambdas/contract/auth';
import type { User } from '../../../../lambdas/contract/users';
import { api } from '../../lib/api-client';

// The auth calls of SPEC §7, typed with the answers the SPEC says we read. Each answer may still
// say `success: false` or lack the user: the store treats that as a failure (SPEC §5).

export interface AuthAnswer {
  success: boolean;
  user?: User;
  tokens?: Tokens;
  message?: string;
}

interface Message {
  success: boolean;
  message?: string;
}

export const authApi = {
  /** `code` confirms a never-confirmed account first (the code step of /login). */
  login: (email: string, password: string, code?: string) =>
    api.post<AuthAnswer>('/auth/login', { email, password, ...(code ? { code } : {}) }).then((r) => r.data),
  register: (body: RegisterRequest) =>
    api.post<{ success: boolean; user?: Pick<User, 'id' | 'email' | 'nombre'>; sessionid?: string | null; message?: string }>('/auth/register', body).then((r) => r.data),
  confirm: (body: { username: string; code: string; email: string; sessionId?: string }) =>
    api.post<AuthAnswer>('/auth/confirm', body).then((r) => r.data),
  loginSocial: (body: SocialLoginRequest) => api.post<AuthAnswer>('/auth/loginsocial', body).then((r) => r.data),
  logout: (refreshToken: string | null) =>
    api.post<{ success: boolean; message?: string }>('/auth/logout', refreshToken ? { refreshToken } : {}, { silent: true }).then((r) => r.data),
  forgotPassword: (email: string) => api.post<Message>('/auth/forgot-password', { email }).then((r) => r.data),
  resetPassword: (body: { email: string; code: string; password: string }) => api.post<AuthAnswer>('/auth/reset-password', body).then((r) => r.data),
  resendCode: (email: string) => api.post<Message>('/auth/resend-code', { email }).then((r) => r.data),
  // Every other session ends; this device gets tokens signed in with the new password (issue 20).
  changePassword: (body: { actual: string; nueva: string }) => api.post<Message & { tokens?: Tokens }>('/users/password', body).then((r) => r.data),
  me: () => api.get<{ success: boolean; data?: User }>('/users/me', { silent: true }).then((r) => r.data),
};
