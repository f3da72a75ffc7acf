import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { call, mailFor, PASSWORD, uniqueEmail } from '../support/api';

const env = () => JSON.parse(process.env.MENTORA_STACK_ENV ?? '{}') as Record<string, string>;

/** Tokens as the Hosted UI hands them to the SPA: issued by the user pool to our app client. */
async function hostedUiTokens(nombre: string) {
  const { AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoint, USER_POOL_CLIENT_ID: ClientId } = env();
  const cognito = new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const email = uniqueEmail('social');
  await cognito.send(new SignUpCommand({ ClientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'name', Value: nombre }] }));
  const [mail] = await mailFor(email);
  await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: mail.code }));
  const out = await cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }));
  cognito.destroy();
  const r = out.AuthenticationResult!;
  return { email, accessToken: r.AccessToken!, idToken: r.IdToken!, refreshToken: r.RefreshToken!, expiresIn: r.ExpiresIn ?? 3600 };
}

describe('social sign-in with tokens from the Hosted UI', () => {
  it('creates the learner on first sign-in and answers with the user', async () => {
    const t = await hostedUiTokens('Sofía');
    const res = await call('POST', '/auth/loginsocial', { body: { accessToken: t.accessToken, idToken: t.idToken, refreshToken: t.refreshToken, expiresIn: t.expiresIn } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user: expect.objectContaining({ email: t.email, plan: { nombre: 'gratuito' } }) });
    const me = await call('GET', '/users/me', { token: t.accessToken });
    expect(me.body.data).toEqual(res.body.user);
  });

  it('accepts the access token alone and reads the profile from the user pool', async () => {
    const t = await hostedUiTokens('Pablo');
    const res = await call('POST', '/auth/loginsocial', { body: { token: t.accessToken } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: t.email, nombre: 'Pablo' });
  });

  it('signs the same learner in again without creating another', async () => {
    const t = await hostedUiTokens('Irene');
    const first = await call('POST', '/auth/loginsocial', { body: { token: t.accessToken } });
    const second = await call('POST', '/auth/loginsocial', { body: { accessToken: t.accessToken, idToken: t.idToken } });
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(second.body.user.createdAt).toBe(first.body.user.createdAt);
  });

  it('refuses a forged token', async () => {
    const t = await hostedUiTokens('Eva');
    const [h, p] = t.accessToken.split('.');
    const res = await call('POST', '/auth/loginsocial', { body: { token: `${h}.${p}.AAAA` } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(/No pudimos verificar/) });
  });

  it('refuses an id token of another person than the access token', async () => {
    const a = await hostedUiTokens('A');
    const b = await hostedUiTokens('B');
    const res = await call('POST', '/auth/loginsocial', { body: { accessToken: a.accessToken, idToken: b.idToken } });
    expect(res.status).toBe(401);
  });
});
