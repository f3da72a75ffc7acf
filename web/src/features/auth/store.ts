import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RegisterRequest, SocialLoginRequest, Tokens } from '../../../../lambdas/contract/auth';
import type { User } from '../../../../lambdas/contract/users';
import { STORAGE_KEYS } from '../../config/constants';
import { errorMessage } from '../../lib/error-message';
import { setSessionExpiredHandler } from '../../lib/session-events';
import { navigateTo } from '../../lib/navigation';
import { clearTokens, hasValidToken, readTokens, saveTokens } from '../../lib/token-storage';

// The HTTP layer (axios) loads with the first call, not with the first paint.
const http = () => import('./api').then((m) => m.authApi);
const refreshTokens = () => import('../../lib/api-client').then((m) => m.refreshTokens());

// SPEC §3/§4 auth store: anonymous → loading → authenticated | error. Only `user` and
// `isAuthenticated` survive a reload (under "User-storage"); tokens live in token-storage.

/** After register the store holds the partial user until the code is confirmed. */
export type AuthUser = Partial<User> & Pick<User, 'id' | 'email' | 'nombre'>;

export interface AuthState {
  user: AuthUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  sessionId: string | null;
  login: (email: string, password: string) => Promise<void>;
  register: (body: RegisterRequest) => Promise<void>;
  confirmCode: (code: string) => Promise<void>;
  socialLogin: (body: SocialLoginRequest & Partial<Tokens>) => Promise<void>;
  logout: () => Promise<void>;
  loadUser: () => Promise<boolean>;
  setUser: (user: User) => void;
  clearError: () => void;
  /** Forgets the learner locally, without calling the server (expired session). */
  reset: () => void;
}

const signedOut = { user: null, isAuthenticated: false, isLoading: false, sessionId: null } as const;

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      error: null,

      login: async (email, password) => {
        set({ isLoading: true, error: null });
        try {
          const data = await (await http()).login(email, password);
          if (!data?.success || !data.user || !data.tokens) throw new Error(data?.message || 'Error en el login');
          saveTokens(data.tokens);
          set({ user: data.user, isAuthenticated: true, isLoading: false });
        } catch (e) {
          set({ ...signedOut, error: errorMessage(e, 'Error en el login') });
          throw e;
        }
      },

      register: async (body) => {
        set({ isLoading: true, error: null });
        try {
          const data = await (await http()).register(body);
          if (!data?.success || !data.user) throw new Error(data?.message || 'Error en el registro');
          // Not authenticated until the emailed code is confirmed (SPEC §4).
          set({ user: data.user, sessionId: data.sessionid ?? null, isAuthenticated: false, isLoading: false });
        } catch (e) {
          set({ isLoading: false, isAuthenticated: false, error: errorMessage(e, 'Error en el registro') });
          throw e;
        }
      },

      confirmCode: async (code) => {
        const { user, sessionId } = get();
        set({ isLoading: true, error: null });
        try {
          if (!user) throw new Error('Error validando código');
          const data = await (await http()).confirm({ username: user.id, code, email: user.email, ...(sessionId ? { sessionId } : {}) });
          if (!data?.success || !data.user) throw new Error(data?.message || 'Error código inválido');
          if (data.tokens) saveTokens(data.tokens);
          set({ user: { ...user, ...data.user }, isAuthenticated: true, isLoading: false, sessionId: null });
        } catch (e) {
          set({ isLoading: false, error: errorMessage(e, 'Error validando código') });
          throw e;
        }
      },

      socialLogin: async (body) => {
        set({ isLoading: true, error: null });
        try {
          const data = await (await http()).loginSocial(body);
          if (!data?.success || !data.user) throw new Error(data?.message || 'Error al iniciar sesión');
          const tokens = data.tokens ?? ('accessToken' in body && body.accessToken && body.idToken
            ? { accessToken: body.accessToken, idToken: body.idToken, refreshToken: body.refreshToken ?? null, expiresIn: body.expiresIn ?? 3600 }
            : undefined);
          if (tokens) saveTokens(tokens);
          set({ user: data.user, isAuthenticated: true, isLoading: false });
        } catch (e) {
          set({ ...signedOut, error: errorMessage(e, 'Error al iniciar sesión') });
          throw e;
        }
      },

      logout: async () => {
        try {
          await (await http()).logout(readTokens().refreshToken);
        } catch (e) {
          console.warn('logout failed on the server', e);
        } finally {
          clearTokens();
          set({ ...signedOut, error: null });
          navigateTo('/');
        }
      },

      loadUser: async () => {
        set({ isLoading: true });
        try {
          // An expired access token is renewed first when a refresh token allows it (SPEC §4 "Token refresh").
          if (!hasValidToken()) {
            if (!readTokens().refreshToken) throw new Error('no valid token');
            await refreshTokens();
          }
          const data = await (await http()).me();
          if (!data?.success || !data.data) throw new Error('no user');
          set({ user: data.data, isAuthenticated: true, isLoading: false });
          return true;
        } catch (e) {
          console.warn('user not loaded; treated as anonymous', e);
          set({ ...signedOut, error: null });
          return false;
        }
      },

      setUser: (user) => set({ user }),
      clearError: () => set({ error: null }),
      reset: () => set({ ...signedOut }),
    }),
    {
      name: STORAGE_KEYS.userStorage,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ user: s.user, isAuthenticated: s.isAuthenticated }),
    },
  ),
);

setSessionExpiredHandler(() => useAuthStore.getState().reset());
