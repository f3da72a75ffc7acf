// SPEC §9 business constants used by the client. Change them here only.

/** Local storage keys (SPEC §9). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  idToken: 'idToken',
  tokenExpiration: 'tokenExpiration',
  cursoid: 'cursoid',
  userStorage: 'User-storage',
  authSession: 'Auth-session-storage',
} as const;

/** Request timeout for every API call, in ms. */
export const REQUEST_TIMEOUT_MS = 240_000;
/** The per-request loading indicator hides this long after the request completes. */
export const LOADING_HIDE_DELAY_MS = 300;
/** The blocking overlay fades in after this delay... */
export const OVERLAY_FADE_IN_MS = 10;
/** ...and is removed this long after loading ends. */
export const OVERLAY_FADE_OUT_MS = 300;
/** A token this close to its expiry counts as expired (clock drift). */
export const TOKEN_EXPIRY_TOLERANCE_MS = 5_000;

/** Toasts (sonner's own defaults, pinned so a library upgrade cannot change them). */
export const TOAST = { durationMs: 4000, visible: 3, widthPx: 356, gapPx: 14 } as const;

export const COPYRIGHT_YEAR = 2025;
export const BRAND = 'Mentora';
