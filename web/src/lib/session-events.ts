// How the API client tells the auth store that the session could not be renewed, without the
// store importing the client (which would pull axios into the first bundle).

/** The toast a learner reads when their session could not be renewed (issue 14). */
export const SESSION_EXPIRED = 'Tu sesión ha caducado. Inicia sesión de nuevo.';

let onSessionExpired: () => void = () => {};

export function setSessionExpiredHandler(fn: () => void): void {
  onSessionExpired = fn;
}

export function sessionExpired(): void {
  onSessionExpired();
}
