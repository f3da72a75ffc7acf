import type { HttpEvent } from './http';

/** The authorizer's verified claims; API Gateway (or the local gateway) fills them in. */
export const claimsOf = (event: HttpEvent) => event.requestContext.authorizer?.jwt?.claims ?? {};
