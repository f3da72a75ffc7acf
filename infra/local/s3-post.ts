import { localCredentials } from './local-aws';
import { amzDate, parseCredential, policySignature, sameSignature } from './s3-sigv4';
import { s3Error, type S3Error } from './s3-xml';

// A browser's POST upload (S3's "POST Object" with a SigV4 policy), checked as S3 checks it: the
// policy's signature, its expiration, and every condition against the form; every form field must be
// covered by a condition (S3's "Extra input fields"). Answers the object to store, or S3's error.

export interface PostedObject {
  key: string;
  contentType: string;
  body: Buffer;
}

type Condition = Record<string, string> | [string, string | number, string | number];

const denied = (message: string) => s3Error(403, 'AccessDenied', message);
const policyError = (message: string) => denied(`Invalid according to Policy: ${message}`);
/** Fields S3 does not ask a condition for. */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file', 'bucket']);

export async function checkPost(form: FormData, bucket: string, now: Date): Promise<PostedObject | S3Error> {
  const fields = new Map<string, string>();
  let file: File | undefined;
  for (const [name, value] of form.entries()) {
    if (name.toLowerCase() === 'file') {
      if (typeof value === 'string') return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
      file = value;
    } else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  if (!file) return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const policy64 = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const scope = parseCredential(fields.get('x-amz-credential'));
  if (!policy64 || !signature || !scope || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || !amzDate(fields.get('x-amz-date'))) {
    return s3Error(400, 'InvalidArgument', 'Bucket POST must contain a policy and a SigV4 signature.');
  }
  if (scope.accessKeyId !== localCredentials.accessKeyId) return denied('The AWS Access Key Id you provided does not exist in our records.');
  if (!sameSignature(policySignature(localCredentials.secretAccessKey, scope, policy64), signature)) {
    return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  let policy: { expiration?: string; conditions?: Condition[] };
  try {
    policy = JSON.parse(Buffer.from(policy64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return s3Error(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expires = Date.parse(policy.expiration ?? '');
  if (!Number.isFinite(expires)) return s3Error(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing expiration.');
  if (now.getTime() > expires) return policyError('Policy expired.');

  const body = Buffer.from(await file.arrayBuffer());
  const covered = new Set<string>();
  const valueOf = (name: string) => (name === 'bucket' ? bucket : fields.get(name));
  for (const c of policy.conditions ?? []) {
    if (!Array.isArray(c)) {
      for (const [name, expected] of Object.entries(c)) {
        const field = name.toLowerCase();
        covered.add(field);
        if (valueOf(field) !== expected) return policyError(`Policy Condition failed: ["eq", "$${field}", "${expected}"]`);
      }
      continue;
    }
    const [op, a, b] = c;
    if (op === 'content-length-range') {
      if (body.length > Number(b)) return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (body.length < Number(a)) return s3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      continue;
    }
    const field = String(a).replace(/^\$/, '').toLowerCase();
    covered.add(field);
    const value = valueOf(field) ?? '';
    const ok = op === 'eq' ? value === String(b) : op === 'starts-with' ? value.startsWith(String(b)) : false;
    if (!ok) return policyError(`Policy Condition failed: ["${op}", "$${field}", "${String(b)}"]`);
  }
  const extra = [...fields.keys()].filter((f) => !EXEMPT.has(f) && !f.startsWith('x-ignore-') && !covered.has(f));
  if (extra.length) return policyError(`Extra input fields: ${extra.join(', ')}`);
  const key = fields.get('key');
  if (!key) return s3Error(400, 'InvalidArgument', 'Bucket POST must contain a field named \'key\'.');
  return { key, contentType: fields.get('content-type') ?? 'binary/octet-stream', body };
}
