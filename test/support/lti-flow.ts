import { randomUUID } from 'node:crypto';
import { invoke } from './invoke';
import type { TestPlatform } from './lti-platform';

// Drives Mentora's LTI routes as a platform's browser does (docs/lti.md "The flow"): register, initiate the
// login (form post), follow the redirect's state and nonce, post the launch with the cookie login set.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const site = () => process.env.SITE_URL!.replace(/\/$/, '');

export interface Registration { issuer: string; clientId: string; deploymentId: string; ownerId: string }

/** A fresh registration (its own issuer and client id) pointing at the platform's key set. */
export async function register(platform: TestPlatform, deployments = ['07940580-b309-415e-a37c-914d387c1150']): Promise<Registration> {
  const ownerId = randomUUID();
  const reg = { issuer: `${platform.url}/${randomUUID()}`, clientId: randomUUID(), deploymentId: deployments[0] };
  const res = await invoke('POST /lti/plataformas', {
    userId: ownerId,
    body: { issuer: reg.issuer, clientId: reg.clientId, authUrl: `${platform.url}/auth`, jwksUrl: platform.jwksUrl, deployments },
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status} ${JSON.stringify(res.body)}`);
  return { ...reg, ownerId };
}

export interface Login { state: string; nonce: string; cookie: string; location: URL }

export async function initiate(reg: Pick<Registration, 'issuer' | 'clientId'>, extra: Record<string, string> = {}) {
  const form = new URLSearchParams({ iss: reg.issuer, login_hint: '86bd1c6e', target_link_uri: `${site()}/`, client_id: reg.clientId, ...extra });
  return invoke('POST /lti/login', { rawBody: form.toString(), headers: FORM });
}

export async function login(reg: Registration): Promise<Login> {
  const res = await initiate(reg, { lti_deployment_id: reg.deploymentId });
  if (res.status !== 302) throw new Error(`login answered ${res.status} ${JSON.stringify(res.body)}`);
  const location = new URL(res.headers.location);
  return {
    state: location.searchParams.get('state')!,
    nonce: location.searchParams.get('nonce')!,
    // The browser sends back name=value of what Set-Cookie set.
    cookie: res.headers['set-cookie'].split(';')[0],
    location,
  };
}

export const postLaunch = (idToken: string, state: string, cookie?: string) =>
  invoke('POST /lti/launch', { rawBody: new URLSearchParams({ id_token: idToken, state }).toString(), headers: { ...FORM, ...(cookie && { cookie }) } });
