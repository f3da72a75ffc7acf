import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { poolClientId, poolIdOf } from '../../../lambdas/tutor/pool-client';

// The streamed tutor reads its pool's one app client through the shared Cognito SDK client.
describe('the streamed tutor finds the app client of its pool', () => {
  let server: http.Server;
  let clients: { ClientId: string }[] = [];
  let seen: { target?: string; auth?: string; body?: unknown } = {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        seen = { target: req.headers['x-amz-target'] as string, auth: req.headers.authorization, body: JSON.parse(raw) };
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ UserPoolClients: clients }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = `http://127.0.0.1:${port}`;
    process.env.AWS_REGION ??= 'eu-west-1';
    process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
  });
  afterAll(async () => {
    delete process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER;
    await new Promise((r) => server.close(r));
  });

  const issuer = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Abc123';

  it('takes the pool id from the issuer', () => {
    expect(poolIdOf(issuer)).toBe('eu-west-1_Abc123');
  });

  it('uses the configured client id without asking Cognito', async () => {
    seen = {};
    await expect(poolClientId(issuer, 'configured')).resolves.toBe('configured');
    expect(seen.target).toBeUndefined();
  });

  it('asks Cognito, signed, for the clients of that pool and returns the only one', async () => {
    clients = [{ ClientId: 'client-1' }];
    await expect(poolClientId(issuer)).resolves.toBe('client-1');
    expect(seen.target).toBe('AWSCognitoIdentityProviderService.ListUserPoolClients');
    expect(seen.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/[a-z0-9-]+\/cognito-idp\/aws4_request/);
    expect(seen.body).toEqual({ UserPoolId: 'eu-west-1_Abc123', MaxResults: 2 });
  });

  it('refuses to guess when the pool has more than one client', async () => {
    clients = [{ ClientId: 'a' }, { ClientId: 'b' }];
    await expect(poolClientId(issuer)).rejects.toThrow('exactly one app client');
  });
});
