import { createSign } from 'node:crypto';
import { call, signUp } from '../support/api';
// The emulator's signing key is public by design: it lets this test mint tokens that are
// correctly signed but expired, or issued to another client, which the authorizer must refuse.
import localKey from 'cognito-local/lib/keys/cognitoLocal.private.json';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (jwt: string) => ({
  header: JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()),
  payload: JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()),
});

function resign(jwt: string, changes: Record<string, unknown>) {
  const { header, payload } = decode(jwt);
  const body = `${b64(header)}.${b64({ ...payload, ...changes })}`;
  const signature = createSign('RSA-SHA256').update(body).sign((localKey as { pem: string }).pem).toString('base64url');
  return `${body}.${signature}`;
}

describe('the API authorizer on protected routes', () => {
  let accessToken: string;
  let idToken: string;
  beforeAll(async () => {
    ({ accessToken, idToken } = (await signUp()).tokens);
  });

  it('lets a valid access token through', async () => {
    expect((await call('GET', '/users/me', { token: accessToken })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await call('GET', '/users/me');
    expect(res.status).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    expect(resign(accessToken, { iat: past - 3600, exp: past })).not.toBe(accessToken);
    expect((await call('GET', '/users/me', { token: resign(accessToken, { iat: past - 3600, exp: past }) })).status).toBe(401);
  });

  it('answers 401 for a tampered token', async () => {
    const [h, p, s] = accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${b64({ ...payload, sub: 'someone-else' })}.${s}`;
    expect((await call('GET', '/users/me', { token: forged })).status).toBe(401);
  });

  it('answers 401 for a token issued to another app client', async () => {
    expect((await call('GET', '/users/me', { token: resign(accessToken, { client_id: 'another-client' }) })).status).toBe(401);
  });

  it('answers 401 for an id token used as an access token', async () => {
    expect((await call('GET', '/users/me', { token: idToken })).status).toBe(401);
  });

  it('answers 401 for a token from another issuer', async () => {
    expect((await call('GET', '/users/me', { token: resign(accessToken, { iss: 'https://evil.example.com/pool' }) })).status).toBe(401);
  });

  it('does not guard the public auth routes', async () => {
    const res = await call('POST', '/auth/login', { body: { email: 'nadie@example.com', password: 'Aprender2025' } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Correo o contraseña incorrectos.');
  });
});
