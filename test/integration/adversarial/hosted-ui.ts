import { createHash, randomBytes } from 'node:crypto';
import { baseUrl } from '../support/api';

// A Google or Microsoft sign-in through the local Hosted UI (infra/local/cognito-hosted-ui.ts and
// cognito-federation.ts), driven over HTTP as Amplify drives it: authorize with PKCE, the simulated
// provider's form, then the code exchanged at /oauth2/token.

const env = () => JSON.parse(process.env.MENTORA_STACK_ENV ?? '{}') as Record<string, string>;

export const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

export async function providerSignIn(provider: 'Google' | 'Microsoft', email: string, name = 'Víctima') {
  const { AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito, USER_POOL_CLIENT_ID: clientId } = env();
  const verifier = randomBytes(32).toString('base64url');
  const redirect = `${baseUrl()}/`;
  const form = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirect,
    response_type: 'code',
    scope: 'openid email profile',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    identity_provider: provider,
    provider_email: email,
    provider_name: name,
  });
  const authorize = await fetch(`${cognito}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = authorize.headers.get('location');
  if (authorize.status !== 302 || !location) throw new Error(`authorize answered ${authorize.status}: ${await authorize.text()}`);
  const code = new URL(location).searchParams.get('code') ?? '';
  const token = await fetch(`${cognito}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: clientId, code_verifier: verifier }).toString(),
  });
  if (!token.ok) throw new Error(`token answered ${token.status}: ${await token.text()}`);
  const tokens = (await token.json()) as { access_token: string; id_token: string; refresh_token: string };
  return { accessToken: tokens.access_token, idToken: tokens.id_token, refreshToken: tokens.refresh_token, sub: String(claimsOf(tokens.id_token).sub) };
}
