import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localCredentials } from './local-aws';

// A loopback CloudFront KeyValueStore for the LTI frame origins (docs/lti.md "Inside the LMS's iframe"): the calls
// the lti Lambda makes (DescribeKeyValueStore for the ETag, PutKey and DeleteKey with If-Match) over the service's REST JSON
// protocol, so @aws-sdk/client-cloudfront-keyvaluestore talks to it unchanged (at LTI_FRAME_STORE_ENDPOINT, lambdas/lti/frame-store.ts),
// and `get` for the local web server, which runs CloudFront's function (infra/lti-frame-function.ts) against it.
// Requests must be SigV4A-signed with the local access key (the ECDSA signature itself is not verified here).

export const LOCAL_LTI_FRAMES_ARN = 'arn:aws:cloudfront::000000000000:key-value-store/00000000-0000-4000-8000-00000000f4a3';

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));
const fail = (res: ServerResponse, status: number, type: string, message: string) => json(res, status, { Message: message }, { 'x-amzn-errortype': type });

const signed = (req: IncomingMessage) => (req.headers.authorization ?? '').startsWith(`AWS4-ECDSA-P256-SHA256 Credential=${localCredentials.accessKeyId}/`);

async function bodyOf(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLocalKeyValueStore(opts: { port?: number } = {}) {
  const items = new Map<string, string>();
  let version = 1;
  const etag = () => `KV${version}`;
  const size = () => [...items].reduce((n, [k, v]) => n + k.length + v.length, 0);
  const prefix = `/key-value-stores/${encodeURIComponent(LOCAL_LTI_FRAMES_ARN)}`;

  const server = createServer((req, res) => {
    void (async () => {
      if (!signed(req)) return fail(res, 403, 'AccessDeniedException', 'The request is not signed with the local credentials.');
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && path === prefix) {
        return json(res, 200, { ItemCount: items.size, TotalSizeInBytes: size(), KvsARN: LOCAL_LTI_FRAMES_ARN, Created: 0, Status: 'READY' }, { etag: etag() });
      }
      const key = path.startsWith(`${prefix}/keys/`) ? decodeURIComponent(path.slice(prefix.length + 6)) : undefined;
      if (!key) return fail(res, 404, 'ResourceNotFoundException', 'No such key value store.');
      if (req.method === 'PUT') {
        const { Value } = JSON.parse(await bodyOf(req)) as { Value?: string };
        if (req.headers['if-match'] !== etag()) return fail(res, 409, 'ConflictException', 'The ETag does not match the store.');
        if (typeof Value !== 'string' || Buffer.byteLength(Value) > 1024 || Buffer.byteLength(key) > 512) return fail(res, 400, 'ValidationException', 'Key or value too large.');
        items.set(key, Value);
        version++;
        return json(res, 200, { ItemCount: items.size, TotalSizeInBytes: size() }, { etag: etag() });
      }
      if (req.method === 'DELETE') {
        if (req.headers['if-match'] !== etag()) return fail(res, 409, 'ConflictException', 'The ETag does not match the store.');
        if (!items.delete(key)) return fail(res, 404, 'ResourceNotFoundException', 'No such key.');
        version++;
        return json(res, 200, { ItemCount: items.size, TotalSizeInBytes: size() }, { etag: etag() });
      }
      if (req.method === 'GET') {
        const value = items.get(key);
        if (value === undefined) return fail(res, 404, 'ResourceNotFoundException', 'No such key.');
        return json(res, 200, { Key: key, Value: value, ItemCount: items.size, TotalSizeInBytes: size() });
      }
      fail(res, 405, 'ValidationException', 'Not supported here.');
    })().catch(() => fail(res, 400, 'ValidationException', 'Bad request.'));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { LTI_FRAME_STORE_ENDPOINT: url, LTI_FRAME_STORE_ARN: LOCAL_LTI_FRAMES_ARN },
    /** As CloudFront's `kvs.get`: rejects for a key it does not hold. */
    get: (key: string) => {
      const value = items.get(key);
      return value === undefined ? Promise.reject(new Error('KeyNotFound')) : Promise.resolve(value);
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
