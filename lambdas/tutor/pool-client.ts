import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

// The app client whose access tokens the streamed tutor accepts. On the distribution's own name
// (no site domain) the stream function cannot be given the client id as a variable: the client's callback URL names the
// distribution, the distribution names the Function URL, the URL names the function, so CloudFormation
// would see a cycle. It gets the issuer (which names the pool) and reads the pool's one app client
// once per cold start, through AWS's own Cognito client. The client is imported on that first
// call only: the stream function needs it once, and its module init would otherwise be paid at
// every cold start. Where USER_POOL_CLIENT_ID is known (the site on its own domain, which production
// requires, and the local stack), it is used as is and Cognito is never called: the lookup's low
// per-pool rate limit would answer 401 on a burst of cold starts (issue 23).

/** The pool id is the issuer's last path segment: `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
export const poolIdOf = (issuer: string) => new URL(issuer).pathname.split('/').filter(Boolean).pop() ?? '';

let cognito: CognitoIdentityProviderClient | undefined;

export async function poolClientId(issuer: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const sdk = await import('./cognito-sdk');
  cognito ??= new sdk.CognitoIdentityProviderClient({});
  const out = await cognito.send(new sdk.ListUserPoolClientsCommand({ UserPoolId: poolIdOf(issuer), MaxResults: 2 }), { abortSignal: AbortSignal.timeout(5_000) });
  const clients = out.UserPoolClients ?? [];
  // Fails closed: with more than one app client the right one cannot be told apart here.
  if (clients.length !== 1 || !clients[0].ClientId) throw new Error(`Expected exactly one app client in the user pool, found ${clients.length}`);
  return clients[0].ClientId;
}
