import type { HttpEvent } from './http-event';

/** The authorizer's verified claims; API Gateway (or the local gateway) fills them in. */
export const claimsOf = (event: HttpEvent) => event.requestContext.authorizer?.jwt?.claims ?? {};

/** What a learner reads when the token sent is not an access token (e.g. the ID token). */
export const NOT_AN_ACCESS_TOKEN = 'Tu sesión no es válida: usa el token de acceso para llamar a la API. Inicia sesión de nuevo.';
