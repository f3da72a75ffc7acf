import { unauthorized } from './errors';
import type { HttpEvent } from './http';

/** The authorizer's verified claims; API Gateway (or the local gateway) fills them in. */
export const claimsOf = (event: HttpEvent) => event.requestContext.authorizer?.jwt?.claims ?? {};

/** What a learner reads when the token sent is not an access token (e.g. the ID token). */
export const NOT_AN_ACCESS_TOKEN = 'Tu sesión no es válida: usa el token de acceso para llamar a la API. Inicia sesión de nuevo.';

/**
 * The caller's `sub`, from an access token only. On AWS the HTTP API's JWT authorizer checks the
 * audience, and a Cognito ID token carries the app client as `aud`, so it would pass there; only
 * access tokens (token_use "access", scoped to the API) may act for the learner, on AWS as locally.
 */
export function accessTokenSub(event: HttpEvent): string {
  const claims = claimsOf(event);
  if (typeof claims.sub !== 'string') throw unauthorized();
  if (claims.token_use !== 'access') throw unauthorized(NOT_AN_ACCESS_TOKEN);
  return claims.sub;
}
