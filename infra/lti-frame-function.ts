// CloudFront's viewer-response function for the SPA's /lti/entrar and /lti/elegir (docs/lti.md "Inside the LMS's iframe"), written
// once for both places: the distribution (infra/aws/web-hosting.ts, cloudfront-js-2.0 with a KeyValueStore) and the
// local stack's web server (infra/local/web-server.ts runs this same text against the local store). Neither aws/
// nor local/, so both may import it.
//
// A launch finished inside the LMS's iframe sends the frame to /lti/entrar?marco=<registration's key>
// (lambdas/lti/frame-origins.ts), a deep-linking one then to /lti/elegir?marco=<the same key>. The store, filled by the registrations, names that registration's origins: the
// answer says `frame-ancestors` those, without X-Frame-Options. A key it does not hold (an unregistered page, a
// made-up key), or none: the site's own policy, `frame-ancestors 'none'` and X-Frame-Options DENY.

/** The SPA's page a launch inside the iframe lands on (lambdas/lti/launch.ts 'stored'). */
export const LTI_ENTRY_PATH = '/lti/entrar';
/** Deep Linking's picker, when the deep-linking launch finished inside the iframe (lambdas/lti/sign-in.ts): reloaded there, framed the same way. */
export const LTI_PICKER_PATH = '/lti/elegir';
/** The SPA's pages this function answers for: framable by the registration their `marco` names, and by nobody else. */
export const LTI_FRAMED_SPA_PATHS = [LTI_ENTRY_PATH, LTI_PICKER_PATH] as const;

/** The key's shape (22 URL-safe characters): anything else is not looked up. */
const KEY = '^[A-Za-z0-9_-]{22}$';

/** The function's code; `siteCsp` is the SPA's Content-Security-Policy (infra/site-policy.ts), `frame-ancestors 'none'` in it. */
export const ltiFrameFunctionCode = (keyValueStoreId: string, siteCsp: string) => `import cf from 'cloudfront';
const kvs = cf.kvs(${JSON.stringify(keyValueStoreId)});
const SITE_CSP = ${JSON.stringify(siteCsp)};
const KEY = new RegExp(${JSON.stringify(KEY)});
async function handler(event) {
  const response = event.response;
  const marco = event.request.querystring.marco;
  let origins = '';
  if (marco && KEY.test(marco.value)) {
    try {
      origins = await kvs.get(marco.value);
    } catch (e) {
      origins = '';
    }
  }
  if (origins) {
    response.headers['content-security-policy'] = { value: SITE_CSP.replace("frame-ancestors 'none'", 'frame-ancestors ' + origins) };
    delete response.headers['x-frame-options'];
  } else {
    response.headers['content-security-policy'] = { value: SITE_CSP };
    response.headers['x-frame-options'] = { value: 'DENY' };
  }
  return response;
}
`;

type Headers = Record<string, { value: string } | undefined>;
export interface FrameEvent {
  request: { uri: string; querystring: Record<string, { value: string } | undefined> };
  response: { statusCode: number; headers: Headers };
}

/**
 * Runs the function's text as CloudFront would, with `get` as the KeyValueStore (which rejects a key it does not
 * hold): the local stack and the tests use it.
 */
export function runLtiFrameFunction(code: string, get: (key: string) => Promise<string>): (event: FrameEvent) => Promise<FrameEvent['response']> {
  const body = code.replace(/^import cf from 'cloudfront';\n/, '');
  const cf = { kvs: () => ({ get }) };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the function's own text, as CloudFront runs it
  const make = new Function('cf', `${body}\nreturn handler;`) as (cfModule: typeof cf) => (event: FrameEvent) => Promise<FrameEvent['response']>;
  return make(cf);
}
