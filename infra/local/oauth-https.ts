import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

/**
 * Amplify always calls `https://{domain}/oauth2/...` for the Hosted UI, so locally the user
 * pool's OAuth routes are fronted by loopback HTTPS with a certificate generated at first start
 * (kept under the data folder for `npm start`). Browsers must accept it once; tests ignore it.
 */
export async function startOAuthHttps(opts: { target: string; port: number; certDir?: string }) {
  const { key, cert } = opts.certDir ? certificate(opts.certDir) : throwawayCertificate();
  const target = new URL(opts.target);
  const server = https.createServer({ key, cert }, (req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** host:port, as Amplify's `oauth.domain` wants it. */
    domain: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/**
 * A stack in memory (tests, benches) has no data folder to keep its certificate in, and making one was
 * about a second of CPU at every start (the RSA key, then the certificate) for each of the twenty stacks
 * a test run starts. It is kept in the temporary folder, readable by this user only, as one file written
 * whole (a rename), so two stacks starting at once never read one's key with the other's certificate.
 */
function throwawayCertificate(): { key: string; cert: string } {
  const file = join(tmpdir(), `mentora-loopback-tls-${process.getuid?.() ?? 'user'}.json`);
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { key: string; cert: string; until: number };
    if (kept.until > Date.now() + 86_400_000) return kept;
  } catch {
    // None yet, or unreadable: make one.
  }
  const made = { ...certificate(), until: Date.now() + 300 * 86_400_000 };
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(made), { mode: 0o600 });
  renameSync(partial, file);
  return made;
}

function certificate(dir?: string): { key: string; cert: string } {
  const keyFile = dir && join(dir, 'localhost-key.pem');
  const certFile = dir && join(dir, 'localhost-cert.pem');
  if (keyFile && certFile && existsSync(keyFile) && existsSync(certFile)) {
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  }
  // Node makes the key fast; selfsigned only wraps it in a certificate.
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const pems = selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    days: 365,
    algorithm: 'sha256',
    keyPair: { privateKey: pair.privateKey, publicKey: pair.publicKey },
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }],
  });
  if (dir && keyFile && certFile) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(keyFile, pems.private);
    writeFileSync(certFile, pems.cert);
  }
  return { key: pems.private, cert: pems.cert };
}
