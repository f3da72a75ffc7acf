import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

// An LMS-side LTI 1.3 platform written on jose, not on Mentora's code (issue 45 item 7): its own RSA keys,
// its JWKS served over HTTP as a platform serves it, and id_tokens built from the 1EdTech specification's
// example resource link launch (LTI 1.3 Core, "Example LTI resource link launch"), claim URIs as written there.

export interface PlatformKey { kid: string; privateKey: CryptoKey; publicJwk: JWK }

export async function platformKey(kid = randomUUID()): Promise<PlatformKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** The specification's example launch, with this platform's issuer, Mentora's client id and the login's nonce. */
export function specExampleLaunch(o: { issuer: string; clientId: string; deploymentId: string; nonce: string; targetLinkUri: string }): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: o.issuer,
    sub: 'a6d5c443-1f51-4783-ba1a-7686ffe3b54a',
    aud: [o.clientId],
    exp: now + 300,
    iat: now,
    azp: o.clientId,
    nonce: o.nonce,
    name: 'Ms Jane Marie Doe',
    given_name: 'Jane',
    family_name: 'Doe',
    middle_name: 'Marie',
    picture: 'https://platform.example.edu/jane.jpg',
    email: 'jane@platform.example.edu',
    locale: 'en-US',
    'https://purl.imsglobal.org/spec/lti/claim/deployment_id': o.deploymentId,
    'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
    'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
    'https://purl.imsglobal.org/spec/lti/claim/roles': [
      'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
      'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
      'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
    ],
    'https://purl.imsglobal.org/spec/lti/claim/role_scope_mentor': ['fad5fb29-a91c-770-3c110-1e687120efd9', '5d7373de-c76c-e2b-01d86-3f7b1e4d8fa3'],
    'https://purl.imsglobal.org/spec/lti/claim/context': {
      id: 'c1d887f0-a1a3-4bca-ae25-c375edcc131a',
      label: 'ECON 1010',
      title: 'Economics as a Social Science',
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    },
    'https://purl.imsglobal.org/spec/lti/claim/resource_link': {
      id: '200d101f-2c14-434a-a0f3-57c2a42369fd',
      description: 'Assignment to introduce who you are',
      title: 'Introduction Assignment',
    },
    'https://purl.imsglobal.org/spec/lti/claim/tool_platform': {
      guid: 'ex/48bbb541-ce55-456e-8b7d-ebc59a38d435',
      contact_email: 'support@platform.example.edu',
      description: 'An Example Tool Platform',
      name: 'Example Tool Platform',
      url: 'https://platform.example.edu',
      product_family_code: 'ExamplePlatformVendor-Product',
      version: '1.0',
    },
    'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': o.targetLinkUri,
    'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': {
      document_target: 'iframe',
      height: 320,
      width: 240,
      return_url: 'https://platform.example.edu/terms/201601/courses/7/sec/1/resources/2',
    },
    'https://purl.imsglobal.org/spec/lti/claim/custom': { xstart: '2017-04-21T01:00:00Z', request_url: 'https://tool.com/link/123' },
    'https://purl.imsglobal.org/spec/lti/claim/lis': {
      person_sourcedid: 'example.edu:71ee7e42-f6d2-414a-80db-b69ac2defd4',
      course_offering_sourcedid: 'example.edu:SI182-F16',
      course_section_sourcedid: 'example.edu:SI182-001-F16',
    },
    'http://www.ExamplePlatformVendor.com/session': { id: '89023sj890dju080' },
  };
}

export const signWith = (key: PlatformKey, payload: JWTPayload) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);

/** A platform on loopback: GET /jwks answers its key set (what a registration's JWKS URL names). */
export async function startPlatform() {
  const key = await platformKey();
  const server = http.createServer((req, res) => {
    if (req.url === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [key.publicJwk] }));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    key,
    jwksUrl: `${url}/jwks`,
    sign: (payload: JWTPayload) => signWith(key, payload),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
export type TestPlatform = Awaited<ReturnType<typeof startPlatform>>;
