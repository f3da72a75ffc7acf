import { z } from 'zod';
import { createHandler, endpoint, ok, type HttpEvent } from '../../../lambdas/shared/http';
import { conflict } from '../../../lambdas/shared/errors';
import { NOT_AN_ACCESS_TOKEN } from '../../../lambdas/shared/auth-context';

// The HTTP mechanics with made-up answers: the check of answers against the route table is
// test/unit/shared/reply-check.test.ts's subject, so it is off here.
process.env.MENTORA_CHECK_REPLIES = '0';

// A developer invoking a Lambda handler directly, with the event API Gateway would send.
const event = (routeKey: string, body?: unknown, sub?: string, tokenUse = 'access'): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: `/api${routeKey.split(' ')[1]}`,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    isBase64Encoded: false,
    headers: {},
    requestContext: { http: { method: routeKey.split(' ')[0] }, ...(sub && { authorizer: { jwt: { claims: { sub, token_use: tokenUse } } } }) },
  }) as unknown as HttpEvent;

const handler = createHandler('users', {
  'PUT /users/profile': endpoint({
    body: z.object({ nombre: z.string().min(1, 'El nombre es obligatorio') }).strict(),
    handle: async ({ body, userId }) => {
      if (body.nombre === 'taken') throw conflict('Ese nombre ya existe.');
      return ok({ data: { userId, nombre: body.nombre } });
    },
  }),
  'GET /users/me': endpoint({
    handle: async () => {
      throw new Error('database down');
    },
  }),
});

const parse = (r: Awaited<ReturnType<typeof handler>>) => ({ status: r.statusCode, body: JSON.parse(r.body!) });

describe('createHandler', () => {
  it('runs the use case with the validated body and the caller from the authorizer', async () => {
    expect(parse(await handler(event('PUT /users/profile', { nombre: 'Ana' }, 'u1')))).toEqual({ status: 200, body: { success: true, data: { userId: 'u1', nombre: 'Ana' } } });
  });

  it('answers 401 on an authenticated route without authorizer claims', async () => {
    expect(parse(await handler(event('PUT /users/profile', { nombre: 'Ana' }))).status).toBe(401);
  });

  it('answers 401 in Spanish for an ID token, which an audience-checking authorizer lets through (issue 13)', async () => {
    expect(parse(await handler(event('PUT /users/profile', { nombre: 'Ana' }, 'u1', 'id')))).toEqual({ status: 401, body: { success: false, message: NOT_AN_ACCESS_TOKEN } });
    expect(parse(await handler(event('PUT /users/profile', { nombre: 'Ana' }, 'u1', ''))).status).toBe(401);
  });

  it('answers 400 with the schema\'s Spanish message', async () => {
    expect(parse(await handler(event('PUT /users/profile', { nombre: '' }, 'u1')))).toEqual({ status: 400, body: { success: false, message: 'El nombre es obligatorio' } });
  });

  it('answers 400 for a body that is not JSON, or too big', async () => {
    expect(parse(await handler(event('PUT /users/profile', '{nope', 'u1'))).body.message).toBe('El cuerpo de la solicitud no es un JSON válido.');
    expect(parse(await handler(event('PUT /users/profile', 'x'.repeat(70_000), 'u1'))).body.message).toBe('La solicitud es demasiado grande.');
  });

  it('maps a domain error to its status and message', async () => {
    expect(parse(await handler(event('PUT /users/profile', { nombre: 'taken' }, 'u1')))).toEqual({ status: 409, body: { success: false, message: 'Ese nombre ya existe.' } });
  });

  it('hides unexpected errors behind a Spanish 500', async () => {
    const res = parse(await handler(event('GET /users/me', undefined, 'u1')));
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/error inesperado/);
    expect(JSON.stringify(res.body)).not.toMatch(/database down/);
  });

  it('finds the route from the raw path when invoked without a routeKey', async () => {
    const e = event('PUT /users/profile', { nombre: 'Ana' }, 'u1');
    delete (e as { routeKey?: string }).routeKey;
    (e.requestContext as { http: { method: string } }).http.method = 'PUT';
    expect(parse(await handler(e)).status).toBe(200);
  });

  it('refuses to declare a route that is not in the contract', () => {
    expect(() => createHandler('users', { 'GET /users/everyone': endpoint({ handle: async () => ok({}) }) })).toThrow(/not a users route/);
  });
});
