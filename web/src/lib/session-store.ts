import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../config/constants';

// SPEC §3 "Session store (earlier variant)": kept in step with the token storage so code that
// reads Auth-session-storage keeps working. The auth store (features/auth) is the source of truth.

interface SessionState {
  Auth: string | null;
  AuthExpiration: number | null;
  isAuthenticated: boolean;
  user: unknown;
  login: (token: string, expiration: number) => void;
  logout: () => void;
  checkAuthStatus: () => void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      Auth: null,
      AuthExpiration: null,
      isAuthenticated: false,
      user: null,
      login: (token, expiration) => set({ Auth: token, AuthExpiration: expiration, isAuthenticated: true }),
      logout: () => set({ Auth: null, AuthExpiration: null, isAuthenticated: false, user: null }),
      checkAuthStatus: () => set({ isAuthenticated: Boolean(get().Auth) }),
    }),
    {
      name: STORAGE_KEYS.authSession,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ Auth: s.Auth, AuthExpiration: s.AuthExpiration, isAuthenticated: s.isAuthenticated, user: s.user }),
    },
  ),
);
