import { randomUUID } from 'node:crypto';
import { routes, routeKey } from '../../lambdas/contract';
import { invoke, type RouteKey } from '../support/invoke';
import { PASSWORD, uniqueEmail } from '../support/learners';

// Issue 20 item 6, the attacker's side: a request that reaches the API around CloudFront (the regional
// custom domain by SNI, or execute-api in an emergency) has no x-mentora-origin, or a guessed one.
// Every route of the table refuses it with a Spanish 403 before its route, claims or body are read.

const REFUSAL = { success: false, message: 'Acceso no permitido: entra a Mentora desde su sitio web.' };
const anyParams = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, randomUUID()]));

describe.each(routes.map((route) => [routeKey(route) as RouteKey, route] as const))('%s without CloudFront', (key, route) => {
  it.each([
    ['no origin header', null],
    ['a guessed origin header', 'adivinado'],
  ])('answers 403 to %s, before reading its body', async (_name, origin) => {
    const userId = route.access === 'authenticated' ? randomUUID() : undefined;
    // Broken JSON would be a 400 had the body been read: the refusal comes first.
    const res = await invoke(key, { userId, params: anyParams(route.path), rawBody: '{"roto": ', origin });
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: REFUSAL });
  });
});

it('changes nothing: a registration refused at the door leaves the email free to register through CloudFront', async () => {
  const email = uniqueEmail();
  const body = { email, password: PASSWORD, nombre: 'Ana' };
  expect((await invoke('POST /auth/register', { body, origin: null })).status).toBe(403);
  const through = await invoke('POST /auth/register', { body });
  expect(through).toMatchObject({ status: 201, body: { success: true, user: { email } } });
});

it('refuses a Stripe webhook that did not come through CloudFront, before checking its signature', async () => {
  const res = await invoke('POST /payments/webhook', { rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=00' }, origin: null });
  expect(res).toMatchObject({ status: 403, body: REFUSAL });
});
