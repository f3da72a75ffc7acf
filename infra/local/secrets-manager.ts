import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_REGION } from './local-aws';

// A loopback Secrets Manager answering GetSecretValue (AWS JSON 1.1), so the payments Lambda reads
// its Stripe keys through the same SDK call as on AWS; only AWS_ENDPOINT_URL_SECRETS_MANAGER differs.

export const localSecretArn = (name: string) => `arn:aws:secretsmanager:${LOCAL_REGION}:000000000000:secret:${name}`;

export async function startSecretsManager(secrets: Record<string, string>) {
  const byId = new Map<string, { name: string; value: string }>();
  for (const [name, value] of Object.entries(secrets)) {
    byId.set(name, { name, value });
    byId.set(localSecretArn(name), { name, value });
  }
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));
    if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
      return reply(400, { __type: 'UnknownOperationException', message: 'Only GetSecretValue is served locally' });
    }
    const { SecretId } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { SecretId?: string };
    const secret = SecretId ? byId.get(SecretId) : undefined;
    if (!secret) return reply(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
    reply(200, {
      ARN: localSecretArn(secret.name),
      Name: secret.name,
      SecretString: secret.value,
      VersionId: '00000000-0000-0000-0000-000000000001',
      VersionStages: ['AWSCURRENT'],
      CreatedDate: 1_700_000_000,
    });
  };
  const server = http.createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
