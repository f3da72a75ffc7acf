import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RegisterRequest, SocialLoginRequest, Tokens } from '../../../../lambdas/contract/auth';
import type { User } from '../../../../lambdas/contract/users';
import { STORAGE_KEYS } from '../../config/constants';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { SESSION_EXPIRED, setSessionExpiredHandler } from '../../lib/session-events';
import { navigateTo } from '../../lib/navigation';
import { clearTokens, hasValidToken, isHostedUiSession, markHostedUiSession, readTokens, saveTokens } from '../../lib/token-storage';

// The HTTP layer (axios) loads with the first call, not with the first paint.
const http = () => import('./api').then((m) => m.authApi);
const steps = () => import('./account-steps');
const refreshTokens = () => import('../../lib/api-client').then((m) => m.refreshTokens());
/** By name: the store must not load the HTTP client (and axios) just to test an error's class. */
const isRefreshUnavailable = (e: unknown) => e instanceof Error && e.name === 'RefreshUnavailable';

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
  /**
   * True from "Cerrar Sesión" until the next sign-in: the protected page being left then sends to
   * "/" (SPEC §4), as the sign-out itself does, instead of racing it to /login.
   */
  signedOutByLearner: boolean;
  /**
   * Issue 44: the app started without a connection and shows the profile this device kept from the last
   * sign-in; the server has not confirmed the session yet (it is asked again when the connection returns).
   */
  profileFromDevice: boolean;
  /** `code`: the emailed code of an account that was never confirmed (the code step of /login). */
  login: (email: string, password: string, code?: string) => Promise<void>;
  /** A session the server opened another way (an LMS launch's ticket, /lti/entrar): its user and tokens. */
  enterWith: (user: User, tokens: Tokens) => void;
  /** Sets the new password with the emailed code and signs the learner in (/recuperar). */
  resetPassword: (body: { email: string; code: string; password: string }) => Promise<void>;
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

const signedOut = { user: null, isAuthenticated: false, isLoading: false, sessionId: null, profileFromDevice: false } as const;
const signedIn = { isAuthenticated: true, isLoading: false, signedOutByLearner: false } as const;

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      error: null,
      signedOutByLearner: false,

      login: async (email, password, code) => {
        set({ isLoading: true, error: null });
        try {
          const data = await (await http()).login(email, password, code);
          if (!data?.success || !data.user || !data.tokens) throw new Error(data?.message || 'Error en el login');
          saveTokens(data.tokens);
          set({ user: data.user, ...signedIn });
        } catch (e) {
          set({ ...signedOut, error: errorMessage(e, 'Error en el login') });
          throw e;
        }
      },

      // The steps of /register and /recuperar (account-steps.ts): a chunk of their own, out of /login's first load.
      resetPassword: async (body) => (await steps()).resetPassword(set, body),
      register: async (body) => (await steps()).register(set, body),
      confirmCode: async (code) => (await steps()).confirmCode(set, get, code),

      socialLogin: async (body) => {
        set({ isLoading: true, error: null });
        try {
          const data = await (await http()).loginSocial(body);
          if (!data?.success || !data.user) throw new Error(data?.message || 'Error al iniciar sesión');
          const tokens = data.tokens ?? ('accessToken' in body && body.accessToken && body.idToken
            ? { accessToken: body.accessToken, idToken: body.idToken, refreshToken: body.refreshToken ?? null, expiresIn: body.expiresIn ?? 3600 }
            : undefined);
          if (tokens) saveTokens(tokens);
          markHostedUiSession();
          set({ user: data.user, ...signedIn });
        } catch (e) {
          set({ ...signedOut, error: errorMessage(e, 'Error al iniciar sesión') });
          throw e;
        }
      },

      logout: async () => {
        // Signed out here first, the server told after: a request answered 401 while the server
        // revoked the tokens used to end the session on /login instead of / (SPEC §4).
        const { refreshToken } = readTokens();
        const hostedUi = isHostedUiSession();
        clearTokens();
        set({ ...signedOut, error: null, signedOutByLearner: true });
        navigateTo('/');
        try {
          await (await http()).logout(refreshToken);
        } catch (e) {
          console.warn('logout failed on the server', e);
        }
        if (hostedUi) {
          try {
            await (await import('./hosted-ui-logout')).endHostedUiSession();
          } catch (e) {
            console.warn('the Hosted UI session could not be ended', e);
          }
        }
      },

      loadUser: async () => {
        // Offline (issue 44): a learner who was signed in opens the app with the profile this device kept, and
        // their downloaded courses; no request is made when the browser says it is offline (its retries would only
        // keep them waiting), and the session is checked with the server when the connection returns (startSession).
        const kept = get().isAuthenticated && get().user;
        set({ isLoading: true });
        try {
          if (kept && !navigator.onLine) throw new Error('offline');
          // An expired access token is renewed first when a refresh token allows it (SPEC §4 "Token refresh").
          if (!hasValidToken()) {
            if (!readTokens().refreshToken) throw new Error('no valid token');
            await refreshTokens().catch((e: unknown) => {
              if (!isRefreshUnavailable(e)) notify.error(SESSION_EXPIRED);
              throw e;
            });
          }
          const data = await (await http()).me();
          if (!data?.success || !data.data) throw new Error('no user');
          set({ user: data.data, isAuthenticated: true, isLoading: false, profileFromDevice: false });
          return true;
        } catch (e) {
          // Offline, or the request got no answer at all (axios's error without a response): no sign-out either.
          const http = e as { isAxiosError?: boolean; response?: unknown };
          if (kept && (!navigator.onLine || (http.isAxiosError && !http.response))) {
            set({ isLoading: false, profileFromDevice: true });
            return true;
          }
          // A refresh throttled past its retries (issue 23) is no sign-out: the stored session stands and
          // the next request renews it.
          if (isRefreshUnavailable(e)) {
            notify.error((e as Error).message);
            set({ isLoading: false });
            return get().isAuthenticated;
          }
          console.warn('user not loaded; treated as anonymous', e);
          set({ ...signedOut, error: null });
          return false;
        }
      },

      enterWith: (user, tokens) => {
        saveTokens(tokens);
        set({ user, ...signedIn, error: null });
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

setSessionExpiredHandler(() => {
  // Said once, to someone who was signed in; the API client then goes to /login.
  if (useAuthStore.getState().isAuthenticated) notify.error(SESSION_EXPIRED);
  useAuthStore.getState().reset();
});
