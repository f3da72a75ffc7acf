import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Event } from 'aws-lambda';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { startLocalS3 } from '../../../infra/local/s3';

// The local S3's browser upload (issue 24): a form made by AWS's own @aws-sdk/s3-presigned-post, posted
// as a browser does (fetch + FormData, the file last). Each way of breaking the policy is refused
// with S3's own status and code before the honest upload is accepted (204) and announced.

const BUCKET = 'materiales-local';
const KEY = 'materials/ana/0b6c1f0e-3f5e-4c38-9d0c-6d8f0c1a2b3c';
let clock = new Date('2026-11-25T10:00:00Z');
const events: S3Event[] = [];
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let client: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3({ bucket: BUCKET, now: () => clock, origins: ['http://localhost:5173'], onObjectCreated: (e) => events.push(e) });
  client = new S3Client({ region: LOCAL_REGION, endpoint: s3.url, credentials: localCredentials, systemClockOffset: clock.getTime() - Date.now() });
});
afterAll(() => s3.close());
beforeEach(() => {
  clock = new Date('2026-11-25T10:00:00Z');
  client.config.systemClockOffset = clock.getTime() - Date.now();
});

const form = (creds = localCredentials) =>
  createPresignedPost(new S3Client({ region: LOCAL_REGION, endpoint: s3.url, credentials: creds, systemClockOffset: clock.getTime() - Date.now() }), {
    Bucket: BUCKET,
    Key: KEY,
    Expires: 300,
    Fields: { 'Content-Type': 'text/plain' },
    Conditions: [['content-length-range', 1, 10], ['eq', '$Content-Type', 'text/plain'], ['eq', '$key', KEY]],
  });

async function post(url: string, fields: Record<string, string>, file: Blob, origin = 'http://localhost:5173') {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file, 'notas.txt');
  const res = await fetch(url, { method: 'POST', body, headers: { origin } });
  const text = await res.text();
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1], cors: res.headers.get('access-control-allow-origin') };
}
const text = (s: string, type = 'text/plain') => new Blob([s], { type });

it('refuses a file over the policy size: 400 EntityTooLarge, nothing stored', async () => {
  const { url, fields } = await form();
  expect(await post(url, fields, text('x'.repeat(100)))).toMatchObject({ status: 400, code: 'EntityTooLarge' });
  expect(s3.keys()).toEqual([]);
});

it('refuses an empty file: 400 EntityTooSmall', async () => {
  const { url, fields } = await form();
  expect(await post(url, fields, text(''))).toMatchObject({ status: 400, code: 'EntityTooSmall' });
});

it('refuses another Content-Type than the policy fixed: 403 AccessDenied', async () => {
  const { url, fields } = await form();
  expect(await post(url, { ...fields, 'Content-Type': 'application/pdf' }, text('hola'))).toMatchObject({ status: 403, code: 'AccessDenied' });
});

it('refuses another key than the policy fixed (another learner\'s prefix): 403', async () => {
  const { url, fields } = await form();
  expect(await post(url, { ...fields, key: 'materials/eva/0b6c1f0e-3f5e-4c38-9d0c-6d8f0c1a2b3c' }, text('hola'))).toMatchObject({ status: 403, code: 'AccessDenied' });
  expect(s3.keys()).toEqual([]);
});

it('refuses a tampered policy (wider size) and a wrong secret: 403 SignatureDoesNotMatch', async () => {
  const { url, fields } = await form();
  const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString()) as { conditions: unknown[] };
  policy.conditions = policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : c));
  const tampered = { ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') };
  expect(await post(url, tampered, text('x'.repeat(100)))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  const forged = await form({ accessKeyId: 'local', secretAccessKey: 'otra' });
  expect(await post(forged.url, forged.fields, text('hola'))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
});

it('refuses a field no condition covers, and an expired form', async () => {
  const { url, fields } = await form();
  expect(await post(url, { ...fields, 'x-amz-meta-owner': 'eva' }, text('hola'))).toMatchObject({ status: 403, code: 'AccessDenied' });
  clock = new Date(clock.getTime() + 301_000);
  expect(await post(url, fields, text('hola'))).toMatchObject({ status: 403, code: 'AccessDenied' });
  expect(s3.keys()).toEqual([]);
  expect(events).toEqual([]);
});

it('stores the honest upload (204, CORS for the SPA), announces ObjectCreated:Post, and AWS\'s client reads it back', async () => {
  const { url, fields } = await form();
  expect(await post(url, fields, text('hola'))).toEqual({ status: 204, code: undefined, cors: 'http://localhost:5173' });
  expect(events).toHaveLength(1);
  expect(events[0].Records[0]).toMatchObject({ eventSource: 'aws:s3', eventName: 'ObjectCreated:Post', s3: { bucket: { name: BUCKET }, object: { key: KEY, size: 4 } } });
  const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: KEY }));
  expect(out.ContentType).toBe('text/plain');
  expect(await out.Body!.transformToString()).toBe('hola');
});

it('answers a CORS preflight for the SPA origin only', async () => {
  const ok = await fetch(`${s3.url}/${BUCKET}`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
  expect(ok.status).toBe(200);
  expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  const other = await fetch(`${s3.url}/${BUCKET}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
  expect(other.status).toBe(403);
});
