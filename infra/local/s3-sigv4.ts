import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// AWS Signature Version 4 as S3 checks it, for the local S3 stand-in (infra/local/s3.ts): the
// Authorization header of the SDK's calls, the query of a presigned URL, and the policy of a browser
// POST form. Written from AWS's specification, not from the SDK, so the SDK's signing is what the tests
// prove: a wrong key, a changed byte or an expired link is refused as S3 refuses it.

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

export interface Scope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

/** `AKID/20261125/us-east-1/s3/aws4_request` → its parts, or undefined when malformed. */
export function parseCredential(credential: string | undefined): Scope | undefined {
  const parts = credential?.split('/');
  if (parts?.length !== 5 || parts[4] !== 'aws4_request') return undefined;
  const [accessKeyId, date, region, service] = parts;
  return { accessKeyId, date, region, service };
}

export function signingKey(secret: string, scope: Scope): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, scope.date), scope.region), scope.service), 'aws4_request');
}

/** Hex signatures compared in constant time. */
export const sameSignature = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `X-Amz-Date` (20261125T101500Z) → a Date. */
export function amzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : undefined;
}

export interface SignedRequest {
  method: string;
  /** The path exactly as sent (S3 does not normalise or encode it again). */
  rawPath: string;
  /** The query's pairs, decoded, in any order. */
  query: [string, string][];
  headers: Record<string, string | string[] | undefined>;
  signedHeaders: string[];
  payloadHash: string;
  amzDate: string;
  scope: Scope;
}

/** The signature S3 computes for a request (header or query authentication). */
export function requestSignature(secret: string, r: SignedRequest): string {
  const query = r.query
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const header = (name: string) => {
    const value = r.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonical = [
    r.method,
    r.rawPath,
    query,
    r.signedHeaders.map((h) => `${h}:${header(h)}\n`).join(''),
    r.signedHeaders.join(';'),
    r.payloadHash,
  ].join('\n');
  const scope = `${r.scope.date}/${r.scope.region}/${r.scope.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', r.amzDate, scope, sha256Hex(canonical)].join('\n');
  return hmac(signingKey(secret, r.scope), toSign).toString('hex');
}

/** A POST policy's signature: the base64 policy document signed with the scope's key. */
export const policySignature = (secret: string, scope: Scope, policyBase64: string) => hmac(signingKey(secret, scope), policyBase64).toString('hex');
