import { errorResult, type HttpEvent, type HttpResult } from './http';
import { notImplemented } from './errors';

/** Serves the routes of groups whose issue has not landed yet, in Spanish, instead of a bare 404. */
export const handler = (_event: HttpEvent): Promise<HttpResult> => Promise.resolve(errorResult(notImplemented()));
