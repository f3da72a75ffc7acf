import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SESSION_ENDED } from '../../../lambdas/shared/session-cutoff';
import { call, mailFor, PASSWORD, signUp } from '../support/api';

// Issue 20, item 4: a password reset and a password change end every session opened before.
// Refresh tokens stop working on Cognito (global sign-out, which the local Cognito now does as
// Cognito does), Cognito refuses the old access tokens, and so does our API (its authorizer checks
// tokens offline: lambdas/shared/session-cutoff.ts) for the rest of their hour.

type Tokens = { accessToken: string; refreshToken: string; idToken: string };
const env = () => JSON.parse(process.env.MENTORA_STACK_ENV ?? '{}') as Record<string, string>;

function cognito() {
  return new CognitoIdentityProviderClient({ endpoint: env().AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** Everything an old session could still try, answered by Cognito and by our API. */
async function oldSession(tokens: Tokens) {
  const client = cognito();
  const settle = (p: Promise<unknown>) => p.then(() => 'ok', (error: Error) => error.name);
  const [refreshOnCognito, getUser] = await Promise.all([
    settle(client.send(new InitiateAuthCommand({ ClientId: env().USER_POOL_CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: tokens.refreshToken } }))),
    settle(client.send(new GetUserCommand({ AccessToken: tokens.accessToken }))),
  ]);
  client.destroy();
  const [refresh, me, plan, social, tutor] = await Promise.all([
    call('POST', '/auth/refresh', { body: { refreshToken: tokens.refreshToken } }),
    call('GET', '/users/me', { token: tokens.accessToken }),
    call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic: 'Historia de Roma', level: 'principiante', modulos: 1, leccionesPorModulo: 1 } }),
    call('POST', '/auth/loginsocial', { body: { accessToken: tokens.accessToken, idToken: tokens.idToken } }),
    // The streamed tutor verifies its own token (no API Gateway authorizer in front): the same cutoff.
    call('POST', '/ai-tutor/chat', { token: tokens.accessToken, body: { courseId: '00000000-0000-4000-8000-000000000000', message: 'Hola' } }),
  ]);
  return { refreshOnCognito, getUser, refresh: refresh.status, me: me.status, meBody: me.body, plan: plan.status, social: social.status, tutor: tutor.status };
}

const ENDED = { refreshOnCognito: 'NotAuthorizedException', getUser: 'NotAuthorizedException', refresh: 401, me: 401, meBody: { success: false, message: SESSION_ENDED }, plan: 401, social: 401, tutor: 401 };

describe('a password reset', () => {
  it('ends every session opened before it, on Cognito and on our API; the reset\'s own session works', async () => {
    const { email, tokens } = await signUp('Reiniciada');
    const elsewhere = (await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.tokens as Tokens;
    await call('POST', '/auth/forgot-password', { body: { email } });
    const [mail] = await mailFor(email);
    const reset = await call('POST', '/auth/reset-password', { body: { email, code: mail.code, password: 'Nueva-Clave1' } });
    expect(reset.status).toBe(200);

    expect(await oldSession(tokens)).toEqual(ENDED);
    expect(await oldSession(elsewhere)).toEqual(ENDED);
    const fresh = reset.body.tokens as Tokens;
    expect((await call('GET', '/users/me', { token: fresh.accessToken })).status).toBe(200);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: fresh.refreshToken } })).status).toBe(200);
  });
});

describe('a password change', () => {
  it('ends every other session and this device\'s old tokens; this device goes on with the new ones it gets', async () => {
    const { email, tokens } = await signUp('Cambiada');
    const elsewhere = (await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).body.tokens as Tokens;
    const changed = await call('POST', '/users/password', { token: tokens.accessToken, body: { actual: PASSWORD, nueva: 'Cambiada-2026' } });
    expect(changed).toEqual({ status: 200, body: { success: true, message: expect.stringMatching(/^Contraseña actualizada/), tokens: expect.objectContaining({ accessToken: expect.any(String) }) } });

    expect(await oldSession(elsewhere)).toEqual(ENDED);
    expect(await oldSession(tokens)).toEqual(ENDED);
    const fresh = changed.body.tokens as Tokens;
    expect((await call('GET', '/users/me', { token: fresh.accessToken })).status).toBe(200);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: fresh.refreshToken } })).status).toBe(200);
  });
});
