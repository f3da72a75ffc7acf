import * as z from 'zod';
import { MAX_BODY_BYTES, type Failure } from '../contract';
import { documentClient } from './clients';
import { NOT_AN_ACCESS_TOKEN } from './auth-context';
import { AppError, badRequest, unauthorized } from './errors';
import { logger } from './logger';
import { checkSessionCutoff, dynamoSessionCutoffs, type SessionCutoffs } from './session-cutoff';

// What every way into the API does the same: read and validate a JSON body, decide who acts,
// and turn an error into the Spanish answer a learner reads. createHandler (http.ts) uses it for
// the HTTP API; the tutor's streamed route (lambdas/tutor/stream-handler.ts) for its Function URL.

/** The part of an API Gateway (or Function URL) event a body is read from. */
export interface RawBody {
  body?: string;
  isBase64Encoded?: boolean;
}

/** The first zod issue, phrased for a person. */
export function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'La solicitud no es válida.';
  if (issue.code === 'unrecognized_keys') return `Campo no permitido: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union' && issue.errors.length) {
    const nested = issue.errors.flat()[0];
    if (nested && issue.message.startsWith('Envía')) return issue.message;
    if (nested) return nested.message;
  }
  return issue.message;
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(validationMessage(result.error));
  return result.data;
}

function jsonOf(event: RawBody): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw badRequest('La solicitud es demasiado grande.');
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('El cuerpo de la solicitud no es un JSON válido.');
  }
}

/** The request's JSON body, checked by the route's schema: a 400 in Spanish otherwise. */
export const readBody = <T extends z.ZodType>(event: RawBody, schema: T): z.output<T> => parse(schema, jsonOf(event));

/** Status and body of the answer to a failed request; 5xx are logged, their cause never shown. */
export function failureOf(error: unknown): { status: number; body: Failure } {
  if (error instanceof AppError) {
    if (error.status >= 500) logger.error('request failed', { error, cause: error.cause as Error });
    return { status: error.status, body: { success: false, message: error.message } };
  }
  logger.error('unexpected error', { error: error as Error });
  return { status: 500, body: { success: false, message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.' } };
}

// Every API Lambda has TABLE_NAME (infra/aws/api.ts; each handler's readConfig refuses to start
// without it); only unit tests of http.ts build a handler with no table, and no cutoff to read.
let cutoffs: Pick<SessionCutoffs, 'validFrom'> | undefined;
const sessionCutoffs = () => (cutoffs ??= process.env.TABLE_NAME ? dynamoSessionCutoffs(documentClient(), process.env.TABLE_NAME) : { validFrom: () => Promise.resolve(undefined) });

/**
 * The learner a verified token acts for. On AWS the HTTP API's JWT authorizer checks the audience,
 * and a Cognito ID token carries the app client as `aud`, so it would pass there; only access
 * tokens (token_use "access", scoped to the API) may act for the learner. A token issued before a
 * password reset or change, or an account deletion, acts for nobody (issue 20).
 */
export async function actingLearner(claims: Record<string, unknown> | undefined): Promise<string> {
  if (typeof claims?.sub !== 'string') throw unauthorized();
  if (claims.token_use !== 'access') throw unauthorized(NOT_AN_ACCESS_TOKEN);
  await checkSessionCutoff(sessionCutoffs(), claims.sub, claims);
  return claims.sub;
}
