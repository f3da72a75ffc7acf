import { routes } from '../../../lambdas/contract';
import { call } from '../support/api';
import { guardedRoutes, inBatches, keyOf, pathOf, PINNED_PUBLIC, publicInTable } from './route-sets';

// Who may call what, for every route of the table: the public set is pinned exactly, and every
// other route is refused by the authorizer before its Lambda runs.

const GARBAGE_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.basura.firma';

describe('the public routes', () => {
  it('are exactly the pinned ones: the /auth routes, the contact form, the Stripe webhook, certificates, shared courses and the LTI tool\'s own', () => {
    expect(publicInTable()).toEqual([...PINNED_PUBLIC].sort());
  });

  it('cover every route of the table between them and the guarded ones', () => {
    expect(guardedRoutes().length + PINNED_PUBLIC.length).toBe(routes.length);
  });

  it.each(PINNED_PUBLIC)('%s reaches its handler without a token', async (key) => {
    const route = routes.find((r) => keyOf(r) === key)!;
    const res = await call(route.method, pathOf(route), route.method === 'GET' ? {} : { raw: '{}' });
    // The handler answers in the envelope; the authorizer's refusal has no `success` field. The LTI tool's
    // public key set is what LMSs read (RFC 7517: `keys`), not Mentora's envelope.
    expect(res.status).not.toBe(401);
    // Deep Linking's picker post answers a page, its refusal in Spanish (docs/lti.md "Deep Linking").
    if (key === 'POST /lti/seleccion') return void expect(res.body).toContain('No pudimos enviar tu elección');
    expect(res.body).toHaveProperty(key === 'GET /lti/jwks' ? 'keys' : 'success');
  });
});

// One table-driven test over every guarded route (issue 42: a check repeated per route was a test per route,
// ~300 of them): each answer is collected, and the failure lists every route that let a caller through.
it('every other route answers 401 without a token and for a garbage token, before its Lambda runs', async () => {
  const answers = await inBatches(guardedRoutes(), async (route) => {
    const send = (token?: string) => call(route.method, pathOf(route), { token, ...(route.method === 'GET' ? {} : { raw: '{}' }) });
    const [none, garbage] = [await send(), await send(GARBAGE_TOKEN)];
    const refused = (res: Awaited<ReturnType<typeof send>>) => res.status === 401 && res.body?.success !== true;
    return [keyOf(route), refused(none) && refused(garbage) ? 'refused' : `${none.status} / ${garbage.status}`] as const;
  });
  expect(answers.filter(([, verdict]) => verdict !== 'refused')).toEqual([]);
  expect(answers).toHaveLength(guardedRoutes().length);
});
