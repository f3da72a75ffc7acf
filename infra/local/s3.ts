import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Event } from 'aws-lambda';
import { LOCAL_REGION } from './local-aws';
import { checkPost } from './s3-post';
import { authenticate } from './s3-auth';
import { objectStore, type StoredObject } from './s3-store';
import { deleteResult, isS3Error, listResult, parseDelete, s3Error, sendError } from './s3-xml';

// A loopback S3 for exactly the calls Mentora makes (issue 24, docs/materials.md): the browser's POST
// upload through a presigned policy, presigned GET, and the SDK's GetObject, HeadObject, PutObject,
// DeleteObject, DeleteObjects and ListObjectsV2, path-style (the SDK uses path style for an IP endpoint).
// s3rver ignored the POST policy altogether, so a test against it proved nothing about the limits.
// Every request is signed with the local credentials (SigV4, checked by s3-auth.ts); a stored POST
// emits the ObjectCreated:Post record S3 would send to the bucket's notification target.

export interface LocalS3Options {
  bucket: string;
  /** Keep objects in this folder across restarts; omitted = in memory (tests). */
  dir?: string;
  /** The SPA's origins, allowed by CORS for the POST upload and the document link. */
  origins?: string[] | ((origin: string) => boolean);
  /** S3's notification target: called (not awaited) with the event of each object a POST created. */
  onObjectCreated?: (event: S3Event) => void;
  /** The clock policies and links expire by (tests move it). */
  now?: () => Date;
  port?: number;
}

/** The most a request body may carry here: above any plan's file size (plans.ts), below memory trouble. */
export const LOCAL_S3_MAX_BODY = 32 * 1024 * 1024;

const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

export async function startLocalS3(opts: LocalS3Options) {
  const { bucket } = opts;
  const now = opts.now ?? (() => new Date());
  const store = objectStore(opts.dir);
  const allowed = (origin: string) => (typeof opts.origins === 'function' ? opts.origins(origin) : (opts.origins ?? []).includes(origin));

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const [, first = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const origin = req.headers.origin;
    const cors: Record<string, string> = origin && allowed(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': 'ETag, Location' } : {};
    // S3's clock, which the SDK corrects its own skew by.
    res.setHeader('date', now().toUTCString());
    const fail = (e: ReturnType<typeof s3Error>) => sendError(res, e, url.pathname, cors);

    if (req.method === 'OPTIONS') {
      if (!cors['access-control-allow-origin']) return fail(s3Error(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.'));
      res.writeHead(200, { ...cors, 'access-control-allow-methods': 'GET, HEAD, POST', 'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? ''), 'access-control-max-age': '3000' });
      return res.end();
    }
    if (decodeURIComponent(first) !== bucket) return fail(s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist'));
    const body = await readBody(req);
    if (isS3Error(body)) return fail(body);

    // The browser's form upload: authenticated by the policy it carries, not by a header.
    if (req.method === 'POST' && !key && String(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: new Uint8Array(body) }).formData().catch(() => undefined);
      if (!form) return fail(s3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      const posted = await checkPost(form, bucket, now());
      if (isS3Error(posted)) return fail(posted);
      const object: StoredObject = { body: posted.body, contentType: posted.contentType, etag: etagOf(posted.body), lastModified: now() };
      store.put(posted.key, object);
      res.writeHead(204, { ...cors, etag: object.etag, location: `http://${req.headers.host}/${bucket}/${encodeURIComponent(posted.key)}` }).end();
      opts.onObjectCreated?.(createdEvent(bucket, posted.key, object, now()));
      return;
    }

    const auth = authenticate(req, url, now());
    if (isS3Error(auth)) return fail(auth);
    const q = url.searchParams;

    if (!key && req.method === 'GET' && q.get('list-type') === '2') {
      const prefix = q.get('prefix') ?? '';
      const maxKeys = Math.min(1000, Number(q.get('max-keys') ?? 1000) || 1000);
      const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
      const keys = store.keys().filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, maxKeys);
      const truncated = keys.length > maxKeys;
      const listed = page.map((k) => ({ key: k, size: store.get(k)!.body.length, etag: store.get(k)!.etag, lastModified: store.get(k)!.lastModified }));
      return xml(res, 200, listResult(bucket, prefix, listed, maxKeys, truncated, truncated ? page[page.length - 1] : undefined), cors);
    }
    if (!key && req.method === 'POST' && q.has('delete')) {
      const { keys, quiet } = parseDelete(body.toString('utf8'));
      for (const k of keys) store.remove(k);
      return xml(res, 200, deleteResult(keys, quiet), cors);
    }
    if (!key) return fail(s3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented'));

    if (req.method === 'PUT') {
      const object: StoredObject = { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), etag: etagOf(body), lastModified: now() };
      store.put(key, object);
      return res.writeHead(200, { ...cors, etag: object.etag }).end();
    }
    if (req.method === 'DELETE') {
      store.remove(key);
      return res.writeHead(204, cors).end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = store.get(key);
      if (!object) return fail(s3Error(404, 'NoSuchKey', 'The specified key does not exist.'));
      // One byte range, as S3 serves it (an <audio> seeking in a narrated lesson asks for one); several
      // ranges are not supported by S3 either, which then answers the whole object.
      const range = byteRange(req.headers.range, object.body.length);
      if (range === 'unsatisfiable') return fail(s3Error(416, 'InvalidRange', 'The requested range is not satisfiable'));
      const body = range ? object.body.subarray(range.start, range.end + 1) : object.body;
      res.writeHead(range ? 206 : 200, {
        ...cors,
        'content-type': q.get('response-content-type') ?? object.contentType,
        ...(q.get('response-content-disposition') && { 'content-disposition': q.get('response-content-disposition')! }),
        // As S3: a signed `response-cache-control` becomes the answer's Cache-Control (narration's links, link-window.ts).
        ...(q.get('response-cache-control') && { 'cache-control': q.get('response-cache-control')! }),
        'content-length': String(body.length),
        ...(range && { 'content-range': `bytes ${range.start}-${range.end}/${object.body.length}` }),
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
        'accept-ranges': 'bytes',
      });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    return fail(s3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.'));
  };

  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, s3Error(500, 'InternalError', String((error as Error).message)), req.url ?? '/');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    /** The stored keys (tests look at what was erased). */
    keys: () => store.keys(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: http.IncomingMessage): Promise<Buffer | ReturnType<typeof s3Error>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > LOCAL_S3_MAX_BODY) return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const xml = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string>) =>
  void res.writeHead(status, { ...headers, 'content-type': 'application/xml' }).end(body);

/** The record S3 sends a notification target for a POST upload (event structure version 2.1). */
function createdEvent(bucket: string, key: string, object: StoredObject, at: Date): S3Event {
  return {
    Records: [{
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: LOCAL_REGION,
      eventTime: at.toISOString(),
      eventName: 'ObjectCreated:Post',
      userIdentity: { principalId: 'local' },
      requestParameters: { sourceIPAddress: '127.0.0.1' },
      responseElements: { 'x-amz-request-id': 'local', 'x-amz-id-2': randomBytes(8).toString('hex') },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'materials-uploaded',
        bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
        // S3 sends the key URL-encoded, spaces as '+'.
        object: { key: encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+'), size: object.body.length, eTag: object.etag.replace(/"/g, ''), sequencer: at.getTime().toString(16).toUpperCase() },
      },
    }],
  };
}

/** `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` (RFC 9110) against an object of `size` bytes; anything else is ignored, as S3 does. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (!m[1] && !m[2])) return undefined;
  const [start, end] = m[1] ? [Number(m[1]), m[2] ? Math.min(Number(m[2]), size - 1) : size - 1] : [Math.max(0, size - Number(m[2])), size - 1];
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
