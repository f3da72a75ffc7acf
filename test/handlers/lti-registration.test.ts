import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { platformKey } from '../../lambdas/lti/lti-items';
import { REFUSAL, REGISTRATION } from '../../lambdas/lti/messages';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { initiate, site } from '../support/lti-flow';
import { startDrPlatform, type DrPlatform } from '../support/lti-dr-platform';

// LTI Dynamic Registration (issue 45 item 1, docs/lti.md "Dynamic Registration"): the platform's side is a
// loopback server (test/support/lti-dr-platform.ts) serving the spec's example configuration behind its
// registration token. Spoofed configurations are refused and register nothing.

let platform: DrPlatform;
beforeEach(async () => { platform = await startDrPlatform(); });
afterEach(() => platform.close());

const register = (query: Record<string, string> = { openid_configuration: platform.configurationUrl, registration_token: platform.token }) => invoke('GET /lti/registro', { query });
const stored = async (issuer: string, clientId: string) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: platformKey(issuer, clientId), ConsistentRead: true }))).Item;

it('registers Mentora at the platform with its token, and the platform\'s launches start', async () => {
  const res = await register();
  expect(res).toMatchObject({ status: 201, body: { success: true, data: { issuer: platform.url, clientId: platform.clientId, deployments: ['8c49a5fa-f955-405e-865f-3d7e959e809f'] } } });
  expect(platform.received).toHaveLength(1);
  expect(platform.received[0]).toMatchObject({
    authorization: `Bearer ${platform.token}`,
    body: {
      application_type: 'web', response_types: ['id_token'], grant_types: ['implicit', 'client_credentials'], client_name: 'Mentora',
      initiate_login_uri: `${site()}/api/lti/login`, redirect_uris: [`${site()}/api/lti/launch`], jwks_uri: `${site()}/api/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        domain: new URL(site()).host, target_link_uri: `${site()}/`,
        // Deep Linking offered (the platform's picker), and the scopes grades and the roster need.
        messages: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest', target_link_uri: `${site()}/`, label: 'Mentora' }],
      },
      scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score https://purl.imsglobal.org/spec/lti-ags/scope/lineitem https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    },
  });
  expect(await stored(platform.url, platform.clientId)).toMatchObject({ authUrl: `${platform.url}/auth`, jwksUrl: `${platform.url}/jwks`, tokenUrl: `${platform.url}/token` });
  const login = await initiate({ issuer: platform.url, clientId: platform.clientId }, { lti_deployment_id: '8c49a5fa-f955-405e-865f-3d7e959e809f' });
  expect(login.status).toBe(302);
});

it('refuses a configuration that names another issuer than its own origin (a spoof), registering nothing', async () => {
  platform.configure({
    issuer: 'https://canvas.instructure.com',
    authorization_endpoint: `${platform.url}/auth`, registration_endpoint: `${platform.url}/register`, jwks_uri: `${platform.url}/jwks`, token_endpoint: `${platform.url}/token`,
  });
  expect(await register()).toMatchObject({ status: 400, body: { success: false, message: REGISTRATION.issuerMismatch } });
  expect(platform.received).toEqual([]);
  expect((await initiate({ issuer: 'https://canvas.instructure.com', clientId: platform.clientId })).body).toEqual({ success: false, message: REFUSAL.unknownPlatform });
});

it('never replaces a registration: the same issuer and client id again keeps the first keys', async () => {
  expect((await register()).status).toBe(201);
  platform.configure({
    issuer: platform.url, authorization_endpoint: `${platform.url}/auth`, registration_endpoint: `${platform.url}/register`,
    jwks_uri: `${platform.url}/claves-del-atacante`, token_endpoint: `${platform.url}/token`,
  });
  expect(await register()).toMatchObject({ status: 409, body: { success: false, message: REGISTRATION.taken } });
  expect(await stored(platform.url, platform.clientId)).toMatchObject({ jwksUrl: `${platform.url}/jwks` });
});

it('refuses a missing or malformed configuration URL, and says when the platform cannot be read', async () => {
  expect(await register({})).toMatchObject({ status: 400, body: { success: false, message: REGISTRATION.badConfigurationUrl } });
  expect(await register({ openid_configuration: 'no es una url' })).toMatchObject({ status: 400, body: { success: false, message: REGISTRATION.badConfigurationUrl } });
  // A wrong token: the platform refuses its configuration.
  expect(await register({ openid_configuration: platform.configurationUrl, registration_token: 'otro' })).toMatchObject({ status: 502, body: { success: false, message: REGISTRATION.refusedByPlatform } });
  expect(platform.received).toEqual([]);
});
