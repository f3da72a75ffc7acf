import { loadRuntimeConfig } from '../../config/runtime-config';

/**
 * Cognito's Hosted UI keeps its own session cookie after a Google or Microsoft sign-in: without
 * `/logout` the next learner on a shared computer would be signed straight back in. It clears that
 * cookie and returns to `logout_uri`, one of the app client's sign-out URLs (the app's "/").
 */
export async function hostedUiLogoutUrl(origin = window.location.origin): Promise<string> {
  const cfg = await loadRuntimeConfig();
  const query = new URLSearchParams({ client_id: cfg.userPoolClientId, logout_uri: `${origin}/` });
  return `https://${cfg.oauthDomain}/logout?${query.toString()}`;
}

/** Leaves the app for the Hosted UI's /logout; it comes back to "/". */
export async function endHostedUiSession(): Promise<void> {
  window.location.assign(await hostedUiLogoutUrl());
}
