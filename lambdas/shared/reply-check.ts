import type { RouteKey } from '../contract/routes';
import { validationMessage } from './http-request';

// Every success answer of a route is checked against the route's response schema
// (lambdas/contract/endpoints.ts) in tests, so every handler and integration test also checks
// the shape the web relies on. Only under jest (NODE_ENV=test; a unit test of the HTTP mechanics
// with made-up answers turns it off with MENTORA_CHECK_REPLIES=0) or with MENTORA_CHECK_REPLIES=1
// (a developer's `npm start`): in production the check would build every route's schemas at the
// first request and parse each answer twice, to find a mismatch the tests already find.

const enabled = () => process.env.MENTORA_CHECK_REPLIES !== '0' && (process.env.NODE_ENV === 'test' || process.env.MENTORA_CHECK_REPLIES === '1');

let table: Promise<typeof import('../contract/endpoints')> | undefined;
// A path esbuild cannot follow, so no Lambda bundle carries the route table's schemas (20 to 40 KB
// each): only tests and local runs, which run the sources, ever load it.
const ENDPOINTS = ['..', 'contract', 'endpoints'].join('/');

/** A handler answered something its route's response schema refuses: a bug, failed loudly in tests. */
export class ReplyMismatch extends Error {
  constructor(key: string, detail: string) {
    super(`${key} answered a body its response schema refuses: ${detail}`);
    this.name = 'ReplyMismatch';
  }
}

/**
 * Checks one answer. `bodySchema` is the schema the endpoint validated its request with: it must
 * be the table's own, so the web's types and the server's validation cannot drift apart.
 */
export async function checkReply(key: string, status: number, body: unknown, bodySchema?: unknown): Promise<void> {
  if (!enabled()) return;
  table ??= import(ENDPOINTS) as Promise<typeof import('../contract/endpoints')>;
  const schemas = (await table).endpoints[key as RouteKey] as { body?: unknown; response: import('zod').ZodType } | undefined;
  if (!schemas) return;
  if (bodySchema !== schemas.body) throw new ReplyMismatch(key, 'the endpoint validates its body with another schema than the route table (lambdas/contract/endpoints.ts)');
  if (status < 200 || status >= 300 || status === 204) return;
  const result = schemas.response.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ReplyMismatch(key, `${issue?.path.join('.') || '(root)'}: ${validationMessage(result.error)}`);
  }
}
