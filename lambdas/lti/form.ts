import type { HttpEvent } from '../shared/http';
import { badRequest } from '../shared/errors';

// The platform's browser sends form-encoded posts (login initiation may also be a GET): read here, not by
// createHandler's JSON reader. Repeated names keep their first value.

const MAX_FORM_BYTES = 64 * 1024;

export function formOf(event: HttpEvent): Record<string, string> {
  const fields: Record<string, string> = { ...(event.queryStringParameters as Record<string, string> | undefined) };
  if (event.requestContext?.http?.method === 'POST' && event.body) {
    const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    if (Buffer.byteLength(raw) > MAX_FORM_BYTES) throw badRequest('La solicitud es demasiado grande.');
    for (const [name, value] of new URLSearchParams(raw)) fields[name] ??= value;
  }
  return fields;
}
