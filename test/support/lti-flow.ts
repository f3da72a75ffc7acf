import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { platformKey } from '../../lambdas/lti/lti-items';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from './invoke';
import type { TestPlatform } from './lti-platform';

// Drives Mentora's LTI routes as a platform's browser does (docs/lti.md "The flow"): register, initiate the
// login (form post), follow the redirect's state and nonce, post the launch with the cookie login set.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const site = () => process.env.SITE_URL!.replace(/\/$/, '');

/** `registro`: the registration's own id, which its identities' and LMS aulas' keys use (lambdas/lti/lti-items.ts). */
export interface Registration { issuer: string; clientId: string; deploymentId: string; ownerId: string; registro?: string }

/** A fresh registration (its own issuer and client id) pointing at the platform's key set. */
export async function register(platform: TestPlatform, deployments = ['07940580-b309-415e-a37c-914d387c1150']): Promise<Registration> {
  const ownerId = randomUUID();
  const reg = { issuer: `${platform.url}/${randomUUID()}`, clientId: randomUUID(), deploymentId: deployments[0] };
  const res = await invoke('POST /lti/plataformas', {
    userId: ownerId,
    body: { issuer: reg.issuer, clientId: reg.clientId, authUrl: `${platform.url}/auth`, jwksUrl: platform.jwksUrl, deployments },
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status} ${JSON.stringify(res.body)}`);
  const { Item } = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: platformKey(reg.issuer, reg.clientId), ConsistentRead: true }));
  return { ...reg, ownerId, registro: Item?.registro as string };
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

/** The membership role URIs of LTI 1.3 §A.2.3 a test launch may carry. */
export const ROLE = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  /** A teacher somewhere in the institution: not a role in this course. */
  institutionInstructor: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor',
} as const;

/** The ticket a launch put in /lti/entrar's fragment, and the cookie (name=value) that binds it to its browser. */
export interface Ticket { ticket: string; cookie: string }

/**
 * A whole launch as the platform's browser makes it (login, the signed id_token, the form post), with the
 * claims `over` changes: answers the ticket and the browser's entry cookie.
 */
export async function launchTicket(platform: TestPlatform, reg: Registration, over: Record<string, unknown> = {}): Promise<Ticket> {
  const { specExampleLaunch } = await import('./lti-platform');
  const l = await login(reg);
  const claims = { ...specExampleLaunch({ issuer: reg.issuer, clientId: reg.clientId, deploymentId: reg.deploymentId, nonce: l.nonce, targetLinkUri: `${site()}/` }), ...over };
  const res = await postLaunch(await platform.sign(claims), l.state, l.cookie);
  if (res.status !== 302) throw new Error(`launch answered ${res.status} ${JSON.stringify(res.body)}`);
  return { ticket: new URL(res.headers.location).hash.replace('#ticket=', ''), cookie: (res.cookies ?? [])[0].split(';')[0] };
}

/** The claims of a launch by `sub` with `roles` in the LMS course `contextId`. */
export const person = (sub: string, roles: string[], contextId = 'c1d887f0-a1a3-4bca-ae25-c375edcc131a', name = 'Ms Jane Marie Doe') => ({
  sub,
  name,
  'https://purl.imsglobal.org/spec/lti/claim/roles': roles,
  'https://purl.imsglobal.org/spec/lti/claim/context': { id: contextId, label: 'ECON 1010', title: 'Economics as a Social Science' },
});

/** POST /lti/sesion from the launch's browser (or, with `cookie`, from another one: null for one with none). */
export const enter = (t: Ticket, cuentaNueva = true, cookie: string | null = t.cookie) =>
  invoke('POST /lti/sesion', { body: { ticket: t.ticket, cuentaNueva }, headers: cookie ? { cookie } : {} });

/** POST /lti/vincular from the launch's browser, signed in as `userId` (or nobody). */
export const linkAccount = (t: Ticket, userId?: string) =>
  invoke('POST /lti/vincular', { ...(userId && { userId }), body: { ticket: t.ticket }, headers: { cookie: t.cookie } });
