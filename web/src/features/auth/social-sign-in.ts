// Social sign-in through the Cognito Hosted UI (authorization code + PKCE) with aws-amplify.
// This module is only ever imported dynamically — when a social button is clicked or when the
// Hosted UI redirects back with ?code= — so Amplify never weighs on the first load.
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signInWithRedirect } from 'aws-amplify/auth';
import 'aws-amplify/auth/enable-oauth-listener';
import { Hub } from 'aws-amplify/utils';
import { loadRuntimeConfig } from '../../config/runtime-config';
import { rememberSocialProvider } from './social-provider';

export type SocialProvider = 'Google' | 'Microsoft';

export interface SocialTokens {
  accessToken: string;
  idToken: string;
  /** Cognito's, from the authorization-code grant: the session renews itself like an email one. */
  refreshToken: string | null;
  expiresIn: number;
}

/**
 * Amplify does not hand out the refresh token it got from the code exchange; it keeps it in its
 * own storage (localStorage, under the client id and the signed-in username), where we read it.
 */
function amplifyRefreshToken(clientId: string): string | null {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const username = localStorage.getItem(`${prefix}.LastAuthUser`);
  return username ? localStorage.getItem(`${prefix}.${username}.refreshToken`) : null;
}

let configured = false;

async function configure(): Promise<void> {
  if (configured) return;
  const cfg = await loadRuntimeConfig();
  // The Hosted UI returns to the app's own origin (SPEC §2).
  const redirect = `${window.location.origin}/`;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cfg.userPoolId,
        userPoolClientId: cfg.userPoolClientId,
        loginWith: {
          oauth: {
            domain: cfg.oauthDomain,
            scopes: ['openid', 'email', 'profile'],
            redirectSignIn: [redirect],
            redirectSignOut: [redirect],
            responseType: 'code',
            providers: cfg.socialProviders.map((p) => (p === 'Google' ? 'Google' : { custom: p })),
          },
        },
      },
    },
  });
  configured = true;
}

export async function startSocialSignIn(provider: SocialProvider): Promise<void> {
  await configure();
  rememberSocialProvider(provider);
  await signInWithRedirect({ provider: provider === 'Google' ? 'Google' : { custom: provider } });
}

/** After the redirect back: waits for Amplify to exchange the code, then returns the tokens. */
export async function completeSocialSignIn(): Promise<SocialTokens> {
  let failure: unknown;
  const stop = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signInWithRedirect_failure') failure = (payload as { data?: { error?: unknown } }).data?.error;
  });
  try {
    await configure();
    const session = await fetchAuthSession();
    const access = session.tokens?.accessToken;
    const id = session.tokens?.idToken;
    if (!access || !id) {
      const message = failure instanceof Error ? failure.message : 'Error al iniciar sesión';
      throw new Error(message);
    }
    const exp = access.payload.exp ?? Math.floor(Date.now() / 1000) + 3600;
    const expiresIn = Math.min(86400, Math.max(1, exp - Math.floor(Date.now() / 1000)));
    const { userPoolClientId } = await loadRuntimeConfig();
    return { accessToken: access.toString(), idToken: id.toString(), refreshToken: amplifyRefreshToken(userPoolClientId), expiresIn };
  } finally {
    stop();
  }
}
