import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { badRequest, unauthorized } from '../shared/errors';
import { bindingCookieName } from './browser-binding';
import { CLAIM, launchClaims } from './claims';
import { sha256 } from './lti-items';
import type { LtiSite } from './login';
import type { LtiStore } from './lti-store';
import { REFUSAL } from './messages';
import { verifyIdToken } from './verify-id-token';

// The launch (LTI 1.3 §5.1.1.3): the platform's browser posts id_token and state. Everything that can
// refuse is checked before the one write, so a refused launch changes nothing: the state must be ours,
// unexpired and begun in this browser; the token verified against the platform that login named; its nonce
// the state's; its deployment registered. Then one transaction consumes state and nonce (single use: a
// replay or a second post at the same moment finds them gone) and records the verified launch under a
// fresh ticket the browser takes to the SPA.

/** How long the browser has to take the ticket to the SPA. */
export const TICKET_TTL_S = 120;

export interface LaunchDeps {
  store: LtiStore;
  site: LtiSite;
  now: () => Date;
}

export interface LaunchInput {
  idToken?: string;
  state?: string;
  /** The browser's cookie, by name: the one login set for this state. */
  cookie: (name: string) => string | undefined;
}

export interface LaunchAnswer {
  location: string;
  /** The binding cookie to clear: its state is spent. */
  clearCookie: string;
}

const issuerOf = (token: string) => {
  try {
    return decodeJwt(token).iss;
  } catch {
    throw badRequest(REFUSAL.malformed);
  }
};

export async function completeLaunch(deps: LaunchDeps, input: LaunchInput): Promise<LaunchAnswer> {
  const { idToken, state } = input;
  if (!idToken || !state) throw badRequest(REFUSAL.launchIncomplete);
  const login = await deps.store.login(state);
  const nowS = Math.floor(deps.now().getTime() / 1000);
  if (!login || login.expiresAt <= nowS) throw unauthorized(REFUSAL.stateUnknown);
  const cookieName = bindingCookieName(state);
  const browser = input.cookie(cookieName);
  if (!browser || sha256(browser) !== login.browser) throw unauthorized(REFUSAL.otherBrowser);
  // The platform that login named: its registration's keys and ids, never ones the token chooses.
  if (issuerOf(idToken) !== login.issuer) throw unauthorized(REFUSAL.otherIssuer);
  const platform = await deps.store.platform(login.issuer, login.clientId);
  if (!platform) throw unauthorized(REFUSAL.unknownPlatform);

  const payload = await verifyIdToken(idToken, platform);
  if (payload.nonce !== login.nonce) throw unauthorized(REFUSAL.nonceMismatch);
  if (typeof payload[CLAIM.deploymentId] !== 'string' || !payload[CLAIM.deploymentId]) throw badRequest(REFUSAL.missingDeployment);
  if (typeof payload.sub !== 'string' || !payload.sub) throw badRequest(REFUSAL.missingSubject);
  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success) throw badRequest(REFUSAL.malformed);
  const claims = parsed.data;
  const deploymentId = claims[CLAIM.deploymentId];
  if (!platform.deployments.includes(deploymentId)) throw unauthorized(REFUSAL.unknownDeployment);

  const ticket = randomBytes(32).toString('base64url');
  const context = claims[CLAIM.context];
  const done = await deps.store.completeLaunch(state, login.nonce, ticket, {
    issuer: platform.issuer,
    clientId: platform.clientId,
    deploymentId,
    sub: claims.sub,
    messageType: claims[CLAIM.messageType],
    roles: claims[CLAIM.roles],
    contextId: context?.id,
    contextTitle: context?.title,
    resourceLinkId: claims[CLAIM.resourceLink]?.id,
    nombre: claims.name ?? claims.given_name,
    expiresAt: nowS + TICKET_TTL_S,
  });
  if (!done) throw unauthorized(REFUSAL.stateUnknown);
  return { location: `${deps.site.origin}/lti/entrar#ticket=${ticket}`, clearCookie: cookieName };
}
