import { routes } from '../../../lambdas/contract';
import { call } from '../support/api';
import { guardedRoutes, keyOf, pathOf, PINNED_PUBLIC, publicInTable } from './route-sets';

// Who may call what, for every route of the table: the public set is pinned exactly, and every
// other route is refused by the authorizer before its Lambda runs.

const GARBAGE_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.basura.firma';

describe('the public routes', () => {
  it('are exactly the pinned ones: the /auth routes, the contact form, the Stripe webhook, certificates and shared courses', () => {
    expect(publicInTable()).toEqual([...PINNED_PUBLIC].sort());
  });

  it('cover every route of the table between them and the guarded ones', () => {
    expect(guardedRoutes().length + PINNED_PUBLIC.length).toBe(routes.length);
  });

  it.each(PINNED_PUBLIC)('%s reaches its handler without a token', async (key) => {
    const route = routes.find((r) => keyOf(r) === key)!;
    const res = await call(route.method, pathOf(route), route.method === 'GET' ? {} : { raw: '{}' });
    // The handler answers in the envelope; the authorizer's refusal has no `success` field.
    expect(res.status).not.toBe(401);
    expect(res.body).toHaveProperty('success');
  });
});

describe.each(guardedRoutes().map((r) => [keyOf(r), r] as const))('%s', (_key, route) => {
  const send = (token?: string) => call(route.method, pathOf(route), { token, ...(route.method === 'GET' ? {} : { raw: '{}' }) });

  it('answers 401 without a token', async () => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(res.body?.success).not.toBe(true);
  });

  it('answers 401 for a garbage token', async () => {
    const res = await send(GARBAGE_TOKEN);
    expect(res.status).toBe(401);
    expect(res.body?.success).not.toBe(true);
  });
});
