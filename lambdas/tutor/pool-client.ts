import { signRequest, signingEnv } from '../shared/sigv4';

// The app client whose access tokens the streamed tutor accepts. Behind CloudFront the stream
// function cannot be given the client id as a variable: the client's callback URL names the
// distribution, the distribution names the Function URL, the URL names the function, so CloudFormation
// would see a cycle. It gets the issuer (which names the pool) and reads the pool's one app client
// once per cold start. Where USER_POOL_CLIENT_ID is known (the local stack), it is used as is.
// One signed JSON POST instead of the Cognito SDK client: the client alone put the stream bundle
// 30 KB over its 400 KB budget for this single call.

/** The pool id is the issuer's last path segment: `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
export const poolIdOf = (issuer: string) => new URL(issuer).pathname.split('/').filter(Boolean).pop() ?? '';

interface ListClientsOutput {
  UserPoolClients?: { ClientId?: string }[];
}

async function listUserPoolClients(poolId: string, env: NodeJS.ProcessEnv = process.env): Promise<ListClientsOutput> {
  const signing = signingEnv(env);
  const endpoint = new URL(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? env.AWS_ENDPOINT_URL ?? `https://cognito-idp.${signing.region}.amazonaws.com/`);
  const body = JSON.stringify({ UserPoolId: poolId, MaxResults: 2 });
  const headers = signRequest(
    {
      method: 'POST',
      host: endpoint.host,
      path: endpoint.pathname,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPoolClients' },
      body,
    },
    signing,
    'cognito-idp',
  );
  delete headers.host;
  const response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`ListUserPoolClients failed with HTTP ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as ListClientsOutput;
}

export async function poolClientId(issuer: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const out = await listUserPoolClients(poolIdOf(issuer));
  const clients = out.UserPoolClients ?? [];
  // Fails closed: with more than one app client the right one cannot be told apart here.
  if (clients.length !== 1 || !clients[0].ClientId) throw new Error(`Expected exactly one app client in the user pool, found ${clients.length}`);
  return clients[0].ClientId;
}
