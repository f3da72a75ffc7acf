import { z } from 'zod';
import { updateProfileRequest } from '../../../lambdas/contract/users';
import { createHandler, endpoint, ok, type HttpEvent } from '../../../lambdas/shared/http';

// Issue 21 item 1: under jest every success answer is checked against the route's response schema
// (lambdas/contract/endpoints.ts), so a handler that answers another shape fails its tests.

const event = (routeKey: string, body?: unknown): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: `/api${routeKey.split(' ')[1]}`,
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    headers: {},
    requestContext: { http: { method: routeKey.split(' ')[0] }, authorizer: { jwt: { claims: { sub: 'u1', token_use: 'access' } } } },
  }) as unknown as HttpEvent;

const user = { id: 'u1', email: 'ana@example.com', nombre: 'Ana', plan: { nombre: 'gratuito' }, intereses: [], bio: '', createdAt: '2026-01-01T00:00:00.000Z' };
const parse = (r: { statusCode?: number; body?: string }) => ({ status: r.statusCode, body: JSON.parse(r.body ?? '{}') as unknown });

describe('answers checked against the route table in tests', () => {
  it('lets an answer of the route\'s shape through, unchanged', async () => {
    const handler = createHandler('users', { 'GET /users/me': endpoint({ handle: async () => ok({ data: user }) }) });
    expect(parse(await handler(event('GET /users/me')))).toEqual({ status: 200, body: { success: true, data: user } });
  });

  it('turns an answer the schema refuses into a 500, so the handler\'s test fails', async () => {
    const handler = createHandler('users', { 'GET /users/me': endpoint({ handle: async () => ok({ data: { ...user, plan: 'gratuito' } }) }) });
    expect(parse(await handler(event('GET /users/me'))).status).toBe(500);
  });

  it('refuses an endpoint that validates its body with another schema than the table\'s', async () => {
    const other = createHandler('users', {
      'PUT /users/profile': endpoint({ body: z.object({ nombre: z.string() }), handle: async () => ok({ data: user, message: 'Perfil actualizado' }) }),
    });
    expect(parse(await other(event('PUT /users/profile', { nombre: 'Ana' }))).status).toBe(500);
    const same = createHandler('users', {
      'PUT /users/profile': endpoint({ body: updateProfileRequest, handle: async () => ok({ data: user, message: 'Perfil actualizado' }) }),
    });
    expect(parse(await same(event('PUT /users/profile', { nombre: 'Ana' }))).status).toBe(200);
  });

  it('checks nothing for a refusal: a 4xx carries the failure envelope, not the route\'s answer', async () => {
    const handler = createHandler('users', { 'GET /users/me': endpoint({ handle: async () => ({ status: 404, body: { success: false, message: 'No encontramos tu perfil.' } }) }) });
    expect(parse(await handler(event('GET /users/me')))).toEqual({ status: 404, body: { success: false, message: 'No encontramos tu perfil.' } });
  });
});
