import { call, mailFor, PASSWORD, signUp, uniqueEmail } from '../support/api';

// Every auth and users route, given broken input, answers 400 with a Spanish message and writes nothing.
const HUGE = 'x'.repeat(10 * 1024 * 1024);
const SPANISH = /[áéíóúñ]|es obligatori|no es válid|debe|Campo no permitido|demasiado|JSON|Indica|Envía/i;

const routes: { path: string; method: string; valid: Record<string, unknown> }[] = [
  { method: 'POST', path: '/auth/register', valid: { email: 'a@example.com', password: PASSWORD, nombre: 'Ana' } },
  { method: 'POST', path: '/auth/login', valid: { email: 'a@example.com', password: PASSWORD } },
  { method: 'POST', path: '/auth/confirm', valid: { username: 'abc', code: '123456', email: 'a@example.com', sessionId: 's' } },
  { method: 'POST', path: '/auth/refresh', valid: { refreshToken: 'r' } },
  { method: 'POST', path: '/auth/logout', valid: { refreshToken: 'r' } },
  { method: 'POST', path: '/auth/loginsocial', valid: { token: 't' } },
  { method: 'PUT', path: '/users/profile', valid: { nombre: 'Ana' } },
];

const firstField = (valid: Record<string, unknown>) => Object.keys(valid)[0];

const cases: [string, (r: (typeof routes)[number]) => { raw?: string; body?: unknown }][] = [
  ['a body that is not JSON', () => ({ raw: '{"email": nope' })],
  ['a JSON array', () => ({ raw: '[]' })],
  ['missing fields', () => ({ body: {} })],
  ['a field of the wrong type', (r) => ({ body: { ...r.valid, [firstField(r.valid)]: 12345 } })],
  ['an unknown field', (r) => ({ body: { ...r.valid, isAdmin: true } })],
  ['a 10 MB string', (r) => ({ body: { ...r.valid, [firstField(r.valid)]: HUGE } })],
];

describe.each(routes)('$method $path with bad input', (route) => {
  let token: string | undefined;
  beforeAll(async () => {
    if (route.path.startsWith('/users')) token = (await signUp()).tokens.accessToken;
  });

  // Logout needs nothing (SPEC §7 shows no payload): an empty body is a valid logout.
  const applicable = cases.filter(([name]) => !(route.path === '/auth/logout' && name === 'missing fields'));
  it.each(applicable)('answers 400 in Spanish for %s', async (_name, make) => {
    const res = await call(route.method, route.path, { ...make(route), token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(SPANISH) });
  });
});

describe('bad input changes nothing', () => {
  it('does not create an account for an invalid email or a weak password', async () => {
    const email = uniqueEmail();
    expect((await call('POST', '/auth/register', { body: { email: 'no-es-un-correo', password: PASSWORD, nombre: 'Ana' } })).status).toBe(400);
    const weak = await call('POST', '/auth/register', { body: { email, password: 'corta', nombre: 'Ana' } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/al menos 8 caracteres/);
    expect(await mailFor(email)).toEqual([]);
    // The address is still free: registering it properly works.
    expect((await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre: 'Ana' } })).status).toBe(201);
  });

  it('leaves the profile as it was when an update is refused', async () => {
    const { tokens } = await signUp('Marta');
    const before = (await call('GET', '/users/me', { token: tokens.accessToken })).body.data;
    const res = await call('PUT', '/users/profile', { token: tokens.accessToken, body: { nombre: 'Nueva', bio: 7 } });
    expect(res.status).toBe(400);
    expect((await call('GET', '/users/me', { token: tokens.accessToken })).body.data).toEqual(before);
  });
});
