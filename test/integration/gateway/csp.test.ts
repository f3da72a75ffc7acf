import { contentSecurityPolicy } from '../../../infra/site-policy';
import { gatewayFor } from './support';

// The local `dist` web server sends CloudFront's Content-Security-Policy (infra/site-policy.ts), with the local
// origins, so the end-to-end tests run the SPA under the policy it meets on AWS: an <audio> of the bucket's
// presigned audio without media-src, or a fetch to an origin the policy does not name, fails here first.

describe('the SPA under its Content-Security-Policy locally', () => {
  const policy = contentSecurityPolicy({ hostedDomain: '127.0.0.1:9443', region: 'local', bucketOrigins: ['http://127.0.0.1:9000'] });
  let gateway: Awaited<ReturnType<typeof gatewayFor>>;
  beforeAll(async () => {
    gateway = await gatewayFor(async () => ({ statusCode: 204 }), { web: 'dist', contentSecurityPolicy: () => policy });
  });
  afterAll(() => gateway.close());

  it.each(['/', '/cursos/abc', '/robots.txt'])('sends it on %s', async (path) => {
    const res = await fetch(`${gateway.url}${path}`);
    expect(res.headers.get('content-security-policy')).toBe(policy);
  });

  it('names the bucket for uploads, marks and audio, and allows no inline script', () => {
    expect(policy).toContain("connect-src 'self' https://127.0.0.1:9443 https://cognito-idp.local.amazonaws.com http://127.0.0.1:9000");
    // blob: only for media: the offline audio's object URLs (issue 44); nothing else may load from one.
    expect(policy).toContain("media-src 'self' http://127.0.0.1:9000 blob:;");
    expect(policy.match(/blob:/g)).toHaveLength(1);
    expect(policy).toContain("script-src 'self';");
  });
});
