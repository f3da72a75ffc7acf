import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// The platform's side of LTI Dynamic Registration 1.0 (issue 45 item 1), on loopback: its OpenID
// configuration (the spec's example with this server's addresses) behind the registration token, and a
// registration endpoint that records what the tool asked for and answers a client id and a deployment, as
// the spec's example answer does. `configure` lets a test serve a spoofed configuration instead.

export interface DrPlatform {
  url: string;
  token: string;
  configurationUrl: string;
  /** The registrations the tool posted, with the Authorization header they came with. */
  received: { authorization?: string; body: Record<string, unknown> }[];
  /** Replaces the served configuration (a spoof), or restores the genuine one with no argument. */
  configure(config?: Record<string, unknown>): void;
  /** The next `n` registrations are received, then answered 500 (the platform failing after it heard the tool). */
  failNext(n: number): void;
  clientId: string;
  close(): Promise<void>;
}

/** `clientPerRegistration`: each registration gets a client id of its own (an administrator registering again). */
export async function startDrPlatform(opts: { clientPerRegistration?: boolean } = {}): Promise<DrPlatform> {
  const token = randomUUID();
  const clientId = randomUUID();
  const received: DrPlatform['received'] = [];
  let served: Record<string, unknown> | undefined;
  let failing = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${token}`) return reply(401, { error: 'invalid_token' });
      if (req.method === 'GET' && req.url === '/.well-known/openid-configuration') return reply(200, served ?? genuine());
      if (req.method === 'POST' && req.url === '/register') {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
        if (failing > 0 && failing--) return reply(500, { error: 'server_error' });
        const given = opts.clientPerRegistration ? randomUUID() : clientId;
        return reply(200, {
          client_id: given,
          registration_client_uri: `${url}/register/${given}`,
          'https://purl.imsglobal.org/spec/lti-tool-configuration': { deployment_id: '8c49a5fa-f955-405e-865f-3d7e959e809f' },
        });
      }
      reply(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const genuine = () => ({
    issuer: url,
    authorization_endpoint: `${url}/auth`,
    registration_endpoint: `${url}/register`,
    jwks_uri: `${url}/jwks`,
    token_endpoint: `${url}/token`,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
    response_types_supported: ['id_token'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: ['sub', 'iss', 'name', 'given_name', 'family_name', 'email'],
    subject_types_supported: ['public', 'pairwise'],
    'https://purl.imsglobal.org/spec/lti-platform-configuration': {
      product_family_code: 'ExampleLMS',
      messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      variables: ['CourseSection.timeFrame.end', 'CourseSection.timeFrame.begin', 'Context.id.history', 'ResourceLink.id.history'],
    },
  });
  return {
    url,
    token,
    clientId,
    configurationUrl: `${url}/.well-known/openid-configuration`,
    received,
    configure: (config) => { served = config; },
    failNext: (n) => { failing = n; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
