import { call, mailFor, PASSWORD, signUp, uniqueEmail } from '../support/api';

// Every auth and users route, given each kind of broken input, answers 400 with its exact Spanish
// message and writes nothing. (test/integration/matrix/bad-body.test.ts holds every other body route
// to one bad body each; this file goes through every kind of breakage on the routes anyone can reach.)
const HUGE = 'x'.repeat(10 * 1024 * 1024);
const NOT_JSON = 'El cuerpo de la solicitud no es un JSON válido.';
const NOT_AN_OBJECT = 'Entrada inválida: se esperaba objeto, recibido arreglo';
const TOO_BIG = 'La solicitud es demasiado grande.';
const UNKNOWN = 'Campo no permitido: isAdmin';

interface BadInputRoute {
  method: string;
  path: string;
  valid: Record<string, unknown>;
  /** The answer to `{}` (undefined: an empty body is valid there) and to the first field sent as a number. */
  missing?: string;
  wrongType: string;
  array?: string;
}

const routes: BadInputRoute[] = [
  { method: 'POST', path: '/auth/register', valid: { email: 'a@example.com', password: PASSWORD, nombre: 'Ana' }, missing: 'El correo electrónico es obligatorio', wrongType: 'El correo electrónico es obligatorio' },
  { method: 'POST', path: '/auth/login', valid: { email: 'a@example.com', password: PASSWORD }, missing: 'El correo electrónico es obligatorio', wrongType: 'El correo electrónico es obligatorio' },
  { method: 'POST', path: '/auth/confirm', valid: { username: 'abc', code: '123456', email: 'a@example.com', sessionId: 's' }, missing: 'El usuario es obligatorio', wrongType: 'El usuario es obligatorio' },
  { method: 'POST', path: '/auth/refresh', valid: { refreshToken: 'r' }, missing: 'El token de actualización es obligatorio', wrongType: 'El token de actualización es obligatorio' },
  // Logout needs nothing (SPEC §7 shows no payload): an empty body is a valid logout.
  { method: 'POST', path: '/auth/logout', valid: { refreshToken: 'r' }, wrongType: 'El token de actualización es obligatorio' },
  {
    method: 'POST', path: '/auth/loginsocial', valid: { token: 't' },
    missing: 'Envía el token de inicio de sesión social', wrongType: 'Envía el token de inicio de sesión social', array: 'Envía el token de inicio de sesión social',
  },
  { method: 'PUT', path: '/users/profile', valid: { nombre: 'Ana' }, missing: 'Indica al menos un dato del perfil que quieras cambiar', wrongType: 'El nombre es obligatorio' },
];

const firstField = (valid: Record<string, unknown>) => Object.keys(valid)[0];

type Case = [string, (r: BadInputRoute) => { raw?: string; body?: unknown }, (r: BadInputRoute) => string | undefined];
const cases: Case[] = [
  ['a body that is not JSON', () => ({ raw: '{"email": nope' }), () => NOT_JSON],
  ['a JSON array', () => ({ raw: '[]' }), (r) => r.array ?? NOT_AN_OBJECT],
  ['missing fields', () => ({ body: {} }), (r) => r.missing],
  ['a field of the wrong type', (r) => ({ body: { ...r.valid, [firstField(r.valid)]: 12345 } }), (r) => r.wrongType],
  ['an unknown field', (r) => ({ body: { ...r.valid, isAdmin: true } }), () => UNKNOWN],
  ['a 10 MB string', (r) => ({ body: { ...r.valid, [firstField(r.valid)]: HUGE } }), () => TOO_BIG],
];

describe.each(routes)('$method $path with bad input', (route) => {
  let token: string | undefined;
  beforeAll(async () => {
    if (route.path.startsWith('/users')) token = (await signUp()).tokens.accessToken;
  });

  const applicable = cases.filter(([, , expected]) => expected(route) !== undefined);
  it.each(applicable)('answers 400 in Spanish for %s', async (_name, make, expected) => {
    const res = await call(route.method, route.path, { ...make(route), token });
    expect(res).toEqual({ status: 400, body: { success: false, message: expected(route) } });
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
