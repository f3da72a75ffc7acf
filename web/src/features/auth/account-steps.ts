import type { RegisterRequest } from '../../../../lambdas/contract/auth';
import { errorMessage } from '../../lib/error-message';
import { saveTokens } from '../../lib/token-storage';
import { authApi } from './api';
import type { AuthState } from './store';

// The auth store's steps of /register (the account, then its emailed code) and /recuperar (a new password with
// the emailed code): loaded with those pages' first use, so /login's first JavaScript does not carry them.

type Set = (partial: Partial<AuthState>) => void;
type Get = () => AuthState;
const signedIn = { isAuthenticated: true, isLoading: false, signedOutByLearner: false, profileFromDevice: false } as const;

/** Sets the new password with the emailed code and signs the learner in. */
export async function resetPassword(set: Set, body: { email: string; code: string; password: string }): Promise<void> {
  set({ isLoading: true, error: null });
  try {
    const data = await authApi.resetPassword(body);
    if (!data?.success || !data.user || !data.tokens) throw new Error(data?.message || 'No pudimos cambiar la contraseña');
    saveTokens(data.tokens);
    set({ user: data.user, ...signedIn });
  } catch (e) {
    set({ isLoading: false, error: errorMessage(e, 'No pudimos cambiar la contraseña') });
    throw e;
  }
}

export async function register(set: Set, body: RegisterRequest): Promise<void> {
  set({ isLoading: true, error: null });
  try {
    const data = await authApi.register(body);
    if (!data?.success || !data.user) throw new Error(data?.message || 'Error en el registro');
    // Not authenticated until the emailed code is confirmed (SPEC §4).
    set({ user: data.user, sessionId: data.sessionid ?? null, isAuthenticated: false, isLoading: false });
  } catch (e) {
    set({ isLoading: false, isAuthenticated: false, error: errorMessage(e, 'Error en el registro') });
    throw e;
  }
}

export async function confirmCode(set: Set, get: Get, code: string): Promise<void> {
  const { user, sessionId } = get();
  set({ isLoading: true, error: null });
  try {
    if (!user) throw new Error('Error validando código');
    const data = await authApi.confirm({ username: user.id, code, email: user.email, ...(sessionId ? { sessionId } : {}) });
    if (!data?.success || !data.user) throw new Error(data?.message || 'Error código inválido');
    if (data.tokens) saveTokens(data.tokens);
    set({ user: { ...user, ...data.user }, ...signedIn, sessionId: null });
  } catch (e) {
    set({ isLoading: false, error: errorMessage(e, 'Error validando código') });
    throw e;
  }
}
