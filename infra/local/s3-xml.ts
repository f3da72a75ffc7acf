import type http from 'node:http';

// The XML S3 answers with, in the shapes @aws-sdk/client-s3 parses (its errors read Code and Message;
// test/unit/local/s3*.test.ts holds the stand-in to that).

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface S3Error {
  status: number;
  code: string;
  message: string;
}

export const s3Error = (status: number, code: string, message: string): S3Error => ({ status, code, message });
export const isS3Error = (e: unknown): e is S3Error => typeof (e as S3Error | undefined)?.code === 'string' && typeof (e as S3Error).status === 'number';

export function sendError(res: http.ServerResponse, e: S3Error, resource: string, headers: Record<string, string> = {}) {
  const body = `${XML}<Error><Code>${esc(e.code)}</Code><Message>${esc(e.message)}</Message><Resource>${esc(resource)}</Resource><RequestId>local</RequestId></Error>`;
  res.writeHead(e.status, { ...headers, 'content-type': 'application/xml', 'x-amz-request-id': 'local' });
  res.end(body);
}

export interface Listed {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

export function listResult(bucket: string, prefix: string, contents: Listed[], maxKeys: number, truncated: boolean, next?: string) {
  const items = contents
    .map((o) => `<Contents><Key>${esc(o.key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${esc(o.etag)}</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
    .join('');
  return `${XML}<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${esc(bucket)}</Name><Prefix>${esc(prefix)}</Prefix>` +
    `<KeyCount>${contents.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    `${next ? `<NextContinuationToken>${esc(next)}</NextContinuationToken>` : ''}${items}</ListBucketResult>`;
}

export function deleteResult(keys: string[], quiet: boolean) {
  const deleted = quiet ? '' : keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join('');
  return `${XML}<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`;
}

/** The keys of a DeleteObjects request body (`<Delete><Object><Key>…`), and its Quiet flag. */
export function parseDelete(xml: string): { keys: string[]; quiet: boolean } {
  const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const keys = [...xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unesc(m[1]));
  return { keys, quiet: /<Quiet>\s*true\s*<\/Quiet>/i.test(xml) };
}
