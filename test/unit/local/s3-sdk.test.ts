import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { startLocalS3 } from '../../../infra/local/s3';

// The local S3 answers the SDK calls the materials Lambdas make with S3's XML, judged by AWS's own
// client parsing it (errors by their names), and serves presigned GETs only while their signature holds.

const BUCKET = 'materiales-local';
let clock = new Date('2026-11-25T10:00:00Z');
let s3: Awaited<ReturnType<typeof startLocalS3>>;
const clientWith = (credentials = localCredentials) =>
  new S3Client({ region: LOCAL_REGION, endpoint: s3.url, credentials, systemClockOffset: clock.getTime() - Date.now(), maxAttempts: 1 });

beforeAll(async () => {
  s3 = await startLocalS3({ bucket: BUCKET, now: () => clock });
});
afterAll(() => s3.close());

it('refuses calls signed with another secret or for another bucket, in the names the SDK reports', async () => {
  await expect(clientWith({ accessKeyId: 'local', secretAccessKey: 'otra' }).send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a' }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  await expect(clientWith({ accessKeyId: 'AKIAOTRA', secretAccessKey: 'local' }).send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  await expect(clientWith().send(new ListObjectsV2Command({ Bucket: 'otro' }))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  await expect(clientWith().send(new GetObjectCommand({ Bucket: BUCKET, Key: 'materials/ana/nada' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
  await expect(clientWith().send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'materials/ana/nada' }))).rejects.toMatchObject({ name: 'NotFound' });
});

it('puts, heads, lists by prefix, deletes one and many', async () => {
  const c = clientWith();
  for (const key of ['materials/ana/1', 'materials/ana/2', 'materials/eva/1', 'materials/ana/con espacio ñ']) {
    await c.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: `contenido de ${key}`, ContentType: 'text/plain' }));
  }
  const head = await c.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'materials/ana/1' }));
  expect(head).toMatchObject({ ContentType: 'text/plain', ContentLength: 'contenido de materials/ana/1'.length });
  const listed = await c.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'materials/ana/' }));
  expect(listed.Contents?.map((o) => o.Key)).toEqual(['materials/ana/1', 'materials/ana/2', 'materials/ana/con espacio ñ']);
  expect(listed).toMatchObject({ KeyCount: 3, IsTruncated: false });
  const paged = await c.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'materials/ana/', MaxKeys: 2 }));
  expect(paged).toMatchObject({ KeyCount: 2, IsTruncated: true });
  const rest = await c.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'materials/ana/', ContinuationToken: paged.NextContinuationToken }));
  expect(rest.Contents?.map((o) => o.Key)).toEqual(['materials/ana/con espacio ñ']);

  await c.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'materials/ana/1' }));
  await c.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'materials/ana/1' })); // idempotent, as S3
  const out = await c.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: [{ Key: 'materials/ana/2' }, { Key: 'materials/ana/con espacio ñ' }] } }));
  expect(out.Deleted?.map((d) => d.Key)).toEqual(['materials/ana/2', 'materials/ana/con espacio ñ']);
  expect(s3.keys()).toEqual(['materials/eva/1']);
});

it('serves a presigned GET inline while it is valid; a changed query or an expired link is refused', async () => {
  const c = clientWith();
  await c.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'materials/ana/doc', Body: '%PDF-1.7 prueba', ContentType: 'application/pdf' }));
  const url = await getSignedUrl(c, new GetObjectCommand({ Bucket: BUCKET, Key: 'materials/ana/doc', ResponseContentDisposition: 'inline' }), { expiresIn: 300, signingDate: clock });
  const ok = await fetch(url);
  expect(ok.status).toBe(200);
  expect(ok.headers.get('content-disposition')).toBe('inline');
  expect(ok.headers.get('content-type')).toBe('application/pdf');
  expect(await ok.text()).toBe('%PDF-1.7 prueba');

  const otherKey = url.replace('materials/ana/doc', 'materials/eva/1');
  expect((await fetch(otherKey)).status).toBe(403);
  const longer = url.replace('X-Amz-Expires=300', 'X-Amz-Expires=3000');
  expect((await fetch(longer)).status).toBe(403);
  clock = new Date(clock.getTime() + 301_000);
  const expired = await fetch(url);
  expect(expired.status).toBe(403);
  expect(await expired.text()).toContain('Request has expired');
});

it('serves one byte range as S3 does (an <audio> seeking), and refuses a range past the end', async () => {
  const c = clientWith();
  await c.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'narration/ana/audio.mp3', Body: '0123456789', ContentType: 'audio/mpeg' }));
  const part = await c.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'narration/ana/audio.mp3', Range: 'bytes=2-5' }));
  expect(part).toMatchObject({ ContentRange: 'bytes 2-5/10', ContentLength: 4 });
  expect(await part.Body!.transformToString()).toBe('2345');
  const tail = await c.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'narration/ana/audio.mp3', Range: 'bytes=-3' }));
  expect(await tail.Body!.transformToString()).toBe('789');
  const url = await getSignedUrl(c, new GetObjectCommand({ Bucket: BUCKET, Key: 'narration/ana/audio.mp3' }), { expiresIn: 300, signingDate: clock });
  const open = await fetch(url, { headers: { range: 'bytes=7-' } });
  expect(open.status).toBe(206);
  expect(open.headers.get('content-range')).toBe('bytes 7-9/10');
  expect(await open.text()).toBe('789');
  await expect(c.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'narration/ana/audio.mp3', Range: 'bytes=10-' }))).rejects.toMatchObject({ name: 'InvalidRange' });
});
