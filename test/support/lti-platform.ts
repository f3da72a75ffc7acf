import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JSONWebKeySet, type JWK, type JWTPayload } from 'jose';

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

/** What the platform's services do (issue 45 items 4-5): the attacks set it to refuse or break. */
export interface ServiceBehaviour {
  /** The token endpoint: a token, a refusal (400 invalid_client), or a 200 that is not a token. */
  token: 'ok' | 'refuse' | 'garbage';
  /** The next score posts the platform records and then answers 500 (the answer lost: a post that failed halfway). */
  scoreFailuresAfterRecording: number;
  /**
   * Moodle's score service (mod/lti/service/gradebookservices, scores.php): a score whose timestamp is not after the
   * kept grade's is refused 409, the same score sent again included. Off: the specification's rule (kept, not replaced).
   */
  scoreConflicts?: boolean;
  /**
   * The NRPS membership service (issue 45 item 5): the roster as it is, or broken: a page that is not a container,
   * a redirect to another host, a `next` chain that never ends, a page bigger than any roster, a `next` page on
   * another host, another course's container, or a second page that fails.
   */
  roster: 'ok' | 'garbage' | 'redirect' | 'endless' | 'huge' | 'otherHost' | 'otherCourse' | 'secondPageFails';
  /**
   * NRPS's `differences` link: not offered ('off'), offered on every page and answered with the changes the test set
   * (`rosterChanges`), or offered and then refused as expired (410).
   */
  differences: 'off' | 'ok' | 'gone';
  /**
   * The AGS line items container (issue 45 item 4, line items the tool makes): as the specification says, refusing
   * the tool (403), or answering garbage: an HTML page to the GET, a made line item without an id, or with an id on
   * another host (where the tool's token would go next).
   */
  lineItems: 'ok' | 'refuse' | 'garbage' | 'noId' | 'elsewhere';
}

/** A line item as AGS 2.0 §3.2's example has it. */
export interface LineItem { id: string; scoreMaximum: number; label: string; resourceId?: string; tag?: string; resourceLinkId?: string }

/** One result in the platform's gradebook per line item and user, the latest by timestamp (AGS 2.0 §3.4.7). */
export interface GradebookResult { lineitem: string; userId: string; scoreGiven: number; scoreMaximum: number; activityProgress: string; gradingProgress: string; timestamp: string }

const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';
const LINEITEM_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
const LINEITEMS_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const readBody = (req: http.IncomingMessage) => new Promise<string>((resolve) => {
  let data = '';
  req.on('data', (c: Buffer) => (data += c.toString('utf8')));
  req.on('end', () => resolve(data));
});
const json = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') =>
  void res.writeHead(status, { 'content-type': type, connection: 'close' }).end(JSON.stringify(body));

/**
 * A platform on loopback: GET /jwks answers its key set (what a registration's JWKS URL names). With `toolJwks`
 * (Mentora's published key set), it is also an LTI Advantage platform: POST /token (client_credentials with a
 * JWT client assertion verified by jose against that set, 1EdTech Security Framework §4.1), the AGS line item's
 * score endpoint (POST <lineitem>/scores) and the NRPS membership container (paged by Link rel="next"),
 * answering as the AGS 2.0 and NRPS 2.0 specifications' examples do.
 */
export async function startPlatform(opts: { toolJwks?: () => Promise<JSONWebKeySet> } = {}) {
  const key = await platformKey();
  /** The key set it publishes, and the key it signs with: `rotate` adds a new one and signs with it from then on. */
  const published = [key];
  let signing = key;
  const behaviour: ServiceBehaviour = { token: 'ok', scoreFailuresAfterRecording: 0, roster: 'ok', lineItems: 'ok', differences: 'off' };
  /** NRPS: what changed in each context since the last read (members with their new status), for the differences link. */
  const rosterChanges = new Map<string, Record<string, unknown>[]>();
  /** AGS: each context's line items (those the tool made), and every request to a container. */
  const lineItems = new Map<string, LineItem[]>();
  const lineItemRequests: { method: string; url: string; authorised: boolean; contentType?: string; accept?: string; body?: Record<string, unknown> }[] = [];
  /** Every membership request that reached the platform: its path and query, the Host it was sent to, its scope's token. */
  const membershipRequests: { url: string; host: string; authorised: boolean }[] = [];
  const tokens = new Map<string, { clientId: string; scopes: string[] }>();
  const tokenRequests: { clientId?: string; scope?: string; assertionAud?: unknown; verified: boolean }[] = [];
  const scorePosts: (GradebookResult & { auth: string })[] = [];
  const gradebook = new Map<string, GradebookResult>();
  /** NRPS: the members of each context, as the platform's roster holds them. */
  const rosters = new Map<string, Record<string, unknown>[]>();
  let url = '';

  const authorised = (req: http.IncomingMessage, scope: string) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const granted = bearer ? tokens.get(bearer) : undefined;
    return Boolean(granted?.scopes.includes(scope));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.url === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: published.map((k) => k.publicJwk) }));
      if (req.method === 'POST' && path === '/token' && opts.toolJwks) {
        const form = new URLSearchParams(await readBody(req));
        const record: (typeof tokenRequests)[number] = { scope: form.get('scope') ?? undefined, verified: false };
        tokenRequests.push(record);
        if (behaviour.token === 'refuse') return json(res, 400, { error: 'invalid_client' });
        if (behaviour.token === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html', connection: 'close' }).end('<html>Mantenimiento</html>');
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_assertion_type') !== ASSERTION_TYPE) return json(res, 400, { error: 'unsupported_grant_type' });
        try {
          const { payload } = await jwtVerify(form.get('client_assertion') ?? '', createLocalJWKSet(await opts.toolJwks()), { audience: `${url}/token`, algorithms: ['RS256'], requiredClaims: ['iss', 'sub', 'exp', 'iat', 'jti'] });
          if (payload.iss !== payload.sub) return json(res, 400, { error: 'invalid_client' });
          Object.assign(record, { clientId: payload.sub, assertionAud: payload.aud, verified: true });
          const token = randomUUID();
          tokens.set(token, { clientId: payload.sub!, scopes: (form.get('scope') ?? '').split(' ').filter(Boolean) });
          return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') });
        } catch {
          return json(res, 400, { error: 'invalid_client' });
        }
      }
      const scores = /^(\/context\/[^/]+\/lineitems\/[^/]+\/lineitem)\/scores$/.exec(path);
      if (req.method === 'POST' && scores) {
        // A platform that stopped issuing Mentora tokens has revoked the ones it issued.
        if (behaviour.token !== 'ok' || !authorised(req, 'https://purl.imsglobal.org/spec/lti-ags/scope/score')) return json(res, 401, { error: 'unauthorized' });
        if (req.headers['content-type'] !== SCORE_TYPE) return json(res, 415, { error: 'unsupported media type' });
        const score = JSON.parse(await readBody(req)) as Omit<GradebookResult, 'lineitem'>;
        const lineitem = `${url}${scores[1]}`;
        const result = { lineitem, userId: score.userId, scoreGiven: score.scoreGiven, scoreMaximum: score.scoreMaximum, activityProgress: score.activityProgress, gradingProgress: score.gradingProgress, timestamp: score.timestamp };
        scorePosts.push({ ...result, auth: req.headers.authorization ?? '' });
        const kept = gradebook.get(`${lineitem}\n${score.userId}`);
        if (behaviour.scoreConflicts && kept && Date.parse(kept.timestamp) >= Date.parse(score.timestamp)) return json(res, 409, { error: 'Refusing score with an earlier timestamp' });
        // AGS 2.0 §3.4.7: a result is never replaced by a score with an earlier timestamp.
        if (!kept || Date.parse(kept.timestamp) <= Date.parse(score.timestamp)) gradebook.set(`${lineitem}\n${score.userId}`, result);
        if (behaviour.scoreFailuresAfterRecording > 0) {
          behaviour.scoreFailuresAfterRecording--;
          return json(res, 500, { error: 'internal' });
        }
        return void res.writeHead(204, { connection: 'close' }).end();
      }
      // AGS 2.0 §3.2: GET the container (filtered by resource_link_id, resource_id, tag, as the tool asks), POST a line item.
      const container = /^\/context\/([^/]+)\/lineitems$/.exec(path);
      if (container && (req.method === 'GET' || req.method === 'POST')) {
        const granted = authorised(req, 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem');
        const body = req.method === 'POST' ? await readBody(req) : undefined;
        const record = { method: req.method, url: req.url ?? '', authorised: granted, contentType: req.headers['content-type'], accept: req.headers.accept, ...(body && { body: JSON.parse(body) as Record<string, unknown> }) };
        lineItemRequests.push(record);
        if (!granted) return json(res, 401, { error: 'unauthorized' });
        if (behaviour.lineItems === 'refuse') return json(res, 403, { error: 'forbidden' });
        const items = lineItems.get(container[1]) ?? [];
        if (req.method === 'GET') {
          if (behaviour.lineItems === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html', connection: 'close' }).end('<html>Mantenimiento</html>');
          const q = new URL(req.url ?? '/', 'http://x').searchParams;
          const wanted = items.filter((i) => (!q.get('resource_link_id') || i.resourceLinkId === q.get('resource_link_id')) && (!q.get('resource_id') || i.resourceId === q.get('resource_id')) && (!q.get('tag') || i.tag === q.get('tag')));
          return json(res, 200, wanted, LINEITEMS_TYPE);
        }
        if (record.contentType !== LINEITEM_TYPE) return json(res, 415, { error: 'unsupported media type' });
        const asked = record.body as Omit<LineItem, 'id'>;
        if (typeof asked.scoreMaximum !== 'number' || !(asked.scoreMaximum > 0) || typeof asked.label !== 'string' || !asked.label) return json(res, 400, { error: 'invalid line item' });
        const made: LineItem = { ...asked, id: `${url}/context/${container[1]}/lineitems/${randomUUID()}/lineitem` };
        if (behaviour.lineItems === 'noId') return json(res, 201, { ...made, id: undefined }, LINEITEM_TYPE);
        if (behaviour.lineItems === 'elsewhere') return json(res, 201, { ...made, id: made.id.replace(url, 'http://127.0.0.2:9') }, LINEITEM_TYPE);
        lineItems.set(container[1], [...items, made]);
        return json(res, 201, made, LINEITEM_TYPE);
      }
      const memberships = /^\/context\/([^/]+)\/memberships$/.exec(path);
      if (req.method === 'GET' && memberships) {
        const granted = authorised(req, 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly');
        membershipRequests.push({ url: req.url ?? '', host: req.headers.host ?? '', authorised: granted });
        if (!granted) return json(res, 401, { error: 'unauthorized' });
        const all = rosters.get(memberships[1]) ?? [];
        const query = new URL(req.url ?? '/', 'http://x').searchParams;
        const differencesOf = (n: number) => `<${url}/context/${memberships[1]}/memberships?d=${n}>; rel="differences"`;
        if (behaviour.differences !== 'off' && query.has('d')) {
          if (behaviour.differences === 'gone') return json(res, 410, { error: 'gone' });
          // The changes since that read, and the link for the changes after this one.
          res.writeHead(200, { 'content-type': MEMBERSHIP_TYPE, connection: 'close', link: differencesOf(Number(query.get('d')) + 1) });
          return void res.end(JSON.stringify({ id: `${url}/context/${memberships[1]}/memberships`, context: { id: memberships[1] }, members: rosterChanges.get(memberships[1]) ?? [] }));
        }
        const page = Number(query.get('p') ?? '0');
        const size = 2;
        const mode = behaviour.roster;
        if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html', connection: 'close' }).end('<html>Mantenimiento</html>');
        if (mode === 'redirect') return void res.writeHead(302, { location: `http://127.0.0.2:9/context/${memberships[1]}/memberships`, connection: 'close' }).end();
        if (mode === 'secondPageFails' && page > 0) return json(res, 500, { error: 'internal' });
        const nextUrl = mode === 'otherHost' ? `${url.replace('127.0.0.1', 'localhost')}/context/${memberships[1]}/memberships?p=${page + 1}` : `${url}/context/${memberships[1]}/memberships?p=${page + 1}`;
        const next = mode === 'endless' || (page + 1) * size < all.length ? `<${nextUrl}>; rel="next"` : undefined;
        const link = [behaviour.differences !== 'off' && differencesOf(1), next].filter(Boolean).join(', ');
        res.writeHead(200, { 'content-type': MEMBERSHIP_TYPE, connection: 'close', ...(link && { link }) });
        // NRPS 2.0 §2.2's container (its example's fields): the context, and this page of the members.
        const body = JSON.stringify({
          id: `${url}/context/${memberships[1]}/memberships`,
          context: { id: mode === 'otherCourse' ? 'otro-curso' : memberships[1], label: 'ECON 1010', title: 'Economics as a Social Science' },
          members: all.slice(page * size, (page + 1) * size),
        });
        // A page bigger than any roster: 3 MB of members' padding, sent without a length so only reading tells.
        if (mode === 'huge') return void res.end(`${body.slice(0, -1)},"relleno":"${'x'.repeat(3_000_000)}"}`);
        return void res.end(body);
      }
      res.writeHead(404).end();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    key,
    jwksUrl: `${url}/jwks`,
    tokenUrl: `${url}/token`,
    behaviour,
    tokenRequests,
    scorePosts,
    gradebook,
    rosters,
    rosterChanges,
    membershipRequests,
    lineItems,
    lineItemRequests,
    /** The AGS endpoint claim of a resource link in `contextId` (the AGS 2.0 spec's example, on this platform). */
    agsClaim: (contextId: string, lineItemId: string) => ({
      scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem', 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      lineitems: `${url}/context/${contextId}/lineitems`,
      lineitem: `${url}/context/${contextId}/lineitems/${lineItemId}/lineitem`,
    }),
    /** A plain link's AGS claim on a platform that lets the tool manage line items: the container, no line item of its own. */
    agsContainerClaim: (contextId: string) => ({
      scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem', 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      lineitems: `${url}/context/${contextId}/lineitems`,
    }),
    nrpsClaim: (contextId: string) => ({ context_memberships_url: `${url}/context/${contextId}/memberships`, service_versions: ['2.0'] }),
    sign: (payload: JWTPayload) => signWith(signing, payload),
    /** A key rotation as platforms do it: a new key published beside the old one, launches signed by the new one. */
    rotate: async () => {
      signing = await platformKey();
      published.push(signing);
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
export type TestPlatform = Awaited<ReturnType<typeof startPlatform>>;
