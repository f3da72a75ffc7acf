import { createHash, createHmac } from 'node:crypto';

// AWS Signature Version 4 for the two calls made without an SDK client (Bedrock Converse,
// Step Functions StartExecution: lambdas/shared/ai/converse-client.ts, step-functions.ts), byte for
// byte what the SDK's signer produces (test/unit/shared/converse-client.test.ts compares them).

export interface SigningEnv {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The role's keys and region from the SDK's standard variables: on Lambda, always present. */
export const signingEnv = (env: NodeJS.ProcessEnv = process.env): SigningEnv => ({
  region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
  accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
  secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
  sessionToken: env.AWS_SESSION_TOKEN,
});

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 escaping, as SigV4 requires for each path segment of the canonical URI. */
const escape = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** SigV4 headers (host included) for a request without a query string. */
export function signRequest(req: { method: string; host: string; path: string; headers: Record<string, string>; body: string }, env: SigningEnv, service: string, now = new Date()): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  // x-amz-content-sha256 signed as the SDK signer does, so both send the same signature.
  const headers: Record<string, string> = { ...req.headers, host: req.host, 'x-amz-content-sha256': hex(req.body), 'x-amz-date': amzDate };
  if (env.sessionToken) headers['x-amz-security-token'] = env.sessionToken;
  const names = Object.keys(headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).trim().replace(/\s+/g, ' ')]));
  const canonicalPath = req.path.split('/').map((segment) => escape(segment)).join('/');
  const canonicalHeaders = names.map((n) => `${n}:${lower[n]}\n`).join('');
  const canonical = [req.method, canonicalPath, '', canonicalHeaders, names.join(';'), hex(req.body)].join('\n');
  const scope = `${day}/${env.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${env.secretAccessKey}`, day), env.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${env.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}
