import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_REGION, localCredentials } from './local-aws';
import type { Mailbox } from './mailbox';
import { amzDate, parseCredential, requestSignature, sameSignature } from './s3-sigv4';

// A loopback Amazon SNS for the one call Mentora makes (issue 34, the contact form): Publish to the
// operators' topic, over SNS's AWS Query protocol (form-encoded POST, XML answer), so
// @aws-sdk/client-sns talks to it unchanged (AWS_ENDPOINT_URL_SNS). On AWS the topic mails its
// subscribed operators; here each message lands in the local mailbox (/__local/mail), addressed to
// OPERATORS_ADDRESS. Requests are SigV4-signed with the local credentials, as on AWS.

export const OPERATORS_TOPIC_ARN = `arn:aws:sns:${LOCAL_REGION}:000000000000:mentora-operadores`;
export const OPERATORS_ADDRESS = 'operadores@mentora.local';

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const NS = 'http://sns.amazonaws.com/doc/2010-03-31/';

function reply(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() }).end(`<?xml version="1.0"?>\n${body}`);
}
function error(res: ServerResponse, status: number, code: string, message: string) {
  reply(res, status, `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${xml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`);
}

/** The request's SigV4 signature (service sns) checked against the local secret. */
function signed(req: IncomingMessage, body: Buffer): boolean {
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(req.headers.authorization ?? '');
  const scope = parseCredential(m?.[1]);
  const date = String(req.headers['x-amz-date'] ?? '');
  if (!m || !scope || !amzDate(date) || scope.accessKeyId !== localCredentials.accessKeyId) return false;
  const signature = requestSignature(localCredentials.secretAccessKey, {
    method: req.method ?? 'POST', rawPath: (req.url ?? '/').split('?')[0], query: [], headers: req.headers,
    signedHeaders: m[2].split(';'), payloadHash: createHash('sha256').update(body).digest('hex'), amzDate: date, scope,
  });
  return sameSignature(signature, m[3]);
}

export async function startLocalSns(opts: { mailbox: Mailbox; port?: number }) {
  const server = createServer((req, res) => {
    // A keep-alive client must not hold the stack's stop.
    res.setHeader('connection', 'close');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 512 * 1024) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (size > 512 * 1024) return error(res, 413, 'InvalidParameter', 'Request too large');
      if (!signed(req, body)) return error(res, 403, 'InvalidClientTokenId', 'The security token included in the request is invalid.');
      const form = new URLSearchParams(body.toString('utf8'));
      if (form.get('Action') !== 'Publish') return error(res, 400, 'InvalidAction', `Unsupported action ${form.get('Action') ?? ''}`);
      if (form.get('TopicArn') !== OPERATORS_TOPIC_ARN) return error(res, 404, 'NotFound', 'Topic does not exist');
      const message = form.get('Message') ?? '';
      // SNS's limits: a message of at most 256 KB, a subject of at most 100 printable characters on one line.
      const subject = form.get('Subject') ?? '';
      if (!message || Buffer.byteLength(message) > 256 * 1024) return error(res, 400, 'InvalidParameter', 'Invalid parameter: Message');
      if (subject.length > 100 || /[\r\n]/.test(subject)) return error(res, 400, 'InvalidParameter', 'Invalid parameter: Subject');
      const id = randomUUID();
      opts.mailbox.add({ to: OPERATORS_ADDRESS, code: '', subject, body: message, sentAt: new Date().toISOString() });
      reply(res, 200, `<PublishResponse xmlns="${NS}"><PublishResult><MessageId>${id}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { AWS_ENDPOINT_URL_SNS: url, CONTACT_TOPIC_ARN: OPERATORS_TOPIC_ARN },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
