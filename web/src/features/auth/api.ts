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

export const authApi = {
  login: (email: string, password: string) => api.post<AuthAnswer>('/auth/login', { email, password }).then((r) => r.data),
  register: (body: RegisterRequest) =>
    api.post<{ success: boolean; user?: Pick<User, 'id' | 'email' | 'nombre'>; sessionid?: string | null; message?: string }>('/auth/register', body).then((r) => r.data),
  confirm: (body: { username: string; code: string; email: string; sessionId?: string }) =>
    api.post<AuthAnswer>('/auth/confirm', body).then((r) => r.data),
  loginSocial: (body: SocialLoginRequest) => api.post<AuthAnswer>('/auth/loginsocial', body).then((r) => r.data),
  logout: (refreshToken: string | null) =>
    api.post<{ success: boolean; message?: string }>('/auth/logout', refreshToken ? { refreshToken } : {}, { silent: true }).then((r) => r.data),
  me: () => api.get<{ success: boolean; data?: User }>('/users/me', { silent: true }).then((r) => r.data),
};
