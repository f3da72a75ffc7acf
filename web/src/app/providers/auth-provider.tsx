import { notify } from '../../lib/notify';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useAuthStore, type AuthState } from '../../features/auth/store';
import { errorMessage } from '../../lib/error-message';
import { useLoadingStore } from '../../lib/loading-store';
import { navigateTo } from '../../lib/navigation';
import { useSessionStore } from '../../lib/session-store';
import { clearTokens } from '../../lib/token-storage';

const AuthContext = createContext<boolean>(false);

/** The auth store, only inside <AuthProvider> (SPEC §8: a developer error otherwise). */
export function useAuth(): AuthState {
  if (!useContext(AuthContext)) throw new Error('useAuth debe usarse dentro de un AuthProvider');
  return useAuthStore();
}

/** The signed-in learner's id, read when called (outside React: a query's or an answer's offline fallback). */
export const currentUserId = (): string | undefined => useAuthStore.getState().user?.id;

let started = false;

/** SPEC §4 start-up: finish a social sign-in coming back from the Hosted UI, else load the user. */
export async function startSession(): Promise<void> {
  useSessionStore.getState().checkAuthStatus();
  const params = new URLSearchParams(window.location.search);
  if (params.has('code') && params.has('state')) return completeSocialReturn();
  if (params.has('error')) {
    // The first linked Google/Microsoft sign-in fails once by Cognito's design: tried again, once.
    if ((await import('../../features/auth/linked-retry')).retryLinkedSignIn(params)) return;
    notify.error(params.get('error_description') || 'Error al iniciar sesión');
    window.history.replaceState(null, '', window.location.pathname);
  }
  const auth = useAuthStore.getState();
  if (!auth.isAuthenticated) return;
  const loaded = await auth.loadUser();
  // Started offline on the kept profile (issue 44): the start runs again once the connection returns (the server's
  // refusal then signs out, below; its profile replaces the kept one).
  if (loaded && useAuthStore.getState().profileFromDevice) window.addEventListener('online', () => void startSession(), { once: true });
  // The persisted store said "signed in" but the session is gone: log the store out.
  if (!loaded) {
    clearTokens();
    useAuthStore.getState().reset();
  }
}

async function completeSocialReturn(): Promise<void> {
  const loading = useLoadingStore.getState();
  loading.setLoading(true, 'auth');
  try {
    const { completeSocialSignIn } = await import('../../features/auth/social-sign-in');
    const tokens = await completeSocialSignIn();
    if (!useAuthStore.getState().isAuthenticated) await useAuthStore.getState().socialLogin(tokens);
    navigateTo('/dashboard');
  } catch (e) {
    clearTokens();
    notify.error(errorMessage(e, 'Error al iniciar sesión'));
    window.history.replaceState(null, '', '/login');
    navigateTo('/login');
  } finally {
    useLoadingStore.getState().setLoading(false);
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (started) return;
    started = true;
    void startSession();
  }, []);
  return <AuthContext.Provider value={true}>{children}</AuthContext.Provider>;
}

/** Tests start each case afresh. */
export function resetStartupForTests(): void {
  started = false;
}
