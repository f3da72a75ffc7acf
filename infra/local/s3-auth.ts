import type http from 'node:http';
import { localCredentials } from './local-aws';
import { amzDate, parseCredential, requestSignature, sameSignature, type Scope } from './s3-sigv4';
import { s3Error, type S3Error } from './s3-xml';

// Who may call the local S3: a request signed with the local credentials, in its Authorization header
// (the SDK) or in its query (a presigned URL, valid X-Amz-Expires seconds from X-Amz-Date, at most 7 days).

const MAX_EXPIRES = 7 * 24 * 3600;
/** S3 refuses a header-signed request more than 15 minutes away from its clock. */
const SKEW_MS = 15 * 60 * 1000;

const mismatch = () => s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
const unknownKey = (scope: Scope) => scope.accessKeyId !== localCredentials.accessKeyId;

/** The query's pairs as sent (decoded), in order. */
const pairsOf = (url: URL) => [...url.searchParams.entries()];

export function authenticate(req: http.IncomingMessage, url: URL, now: Date): true | S3Error {
  const rawPath = (req.url ?? '/').split('?')[0];
  const authorization = req.headers.authorization;
  if (authorization) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(authorization);
    const scope = parseCredential(m?.[1]);
    const date = String(req.headers['x-amz-date'] ?? '');
    if (!m || !scope || !amzDate(date)) return s3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    if (unknownKey(scope)) return s3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (Math.abs(now.getTime() - amzDate(date)!.getTime()) > SKEW_MS) return s3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const signature = requestSignature(localCredentials.secretAccessKey, {
      method: req.method ?? 'GET', rawPath, query: pairsOf(url), headers: req.headers, signedHeaders: m[2].split(';'),
      payloadHash: String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD'), amzDate: date, scope,
    });
    return sameSignature(signature, m[3]) ? true : mismatch();
  }
  const q = url.searchParams;
  if (q.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    const scope = parseCredential(q.get('X-Amz-Credential') ?? undefined);
    const date = q.get('X-Amz-Date') ?? '';
    const signed = amzDate(date);
    const expires = Number(q.get('X-Amz-Expires'));
    const given = q.get('X-Amz-Signature') ?? '';
    if (!scope || !signed || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES || !q.get('X-Amz-SignedHeaders')) {
      return s3Error(400, 'AuthorizationQueryParametersError', 'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
    }
    if (unknownKey(scope)) return s3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    const signature = requestSignature(localCredentials.secretAccessKey, {
      method: req.method === 'HEAD' ? 'HEAD' : (req.method ?? 'GET'), rawPath, query: pairsOf(url).filter(([k]) => k !== 'X-Amz-Signature'), headers: req.headers,
      signedHeaders: q.get('X-Amz-SignedHeaders')!.split(';'), payloadHash: 'UNSIGNED-PAYLOAD', amzDate: date, scope,
    });
    if (!sameSignature(signature, given)) return mismatch();
    if (now.getTime() > signed.getTime() + expires * 1000) return s3Error(403, 'AccessDenied', 'Request has expired');
    return true;
  }
  return s3Error(403, 'AccessDenied', 'Access Denied');
}
