// How the API client tells the auth store that the session could not be renewed, without the
// store importing the client (which would pull axios into the first bundle).

let onSessionExpired: () => void = () => {};

export function setSessionExpiredHandler(fn: () => void): void {
  onSessionExpired = fn;
}

export function sessionExpired(): void {
  onSessionExpired();
}
