import { randomBytes } from 'node:crypto';
import { badRequest, forbidden } from '../shared/errors';
import { bindingCookieName, BINDING_MAX_AGE_S } from './browser-binding';
import { sha256, type PlatformItem } from './lti-items';
import type { LtiStore } from './lti-store';
import { REFUSAL } from './messages';
import { isActive } from './platform-trust';
import { platformOrigins } from './frame-origins';
import { storageKeys, type StorageLogin } from './platform-storage';

// OIDC third-party initiated login (LTI 1.3 §5.1.1, 1EdTech Security Framework §5.1.1.1): the platform's
// browser arrives with iss, login_hint and target_link_uri; Mentora stores a single-use state and nonce and
// sends the browser to the platform's authentication endpoint, which posts the id_token to the launch.

export interface LtiSite {
  /** Mentora's origin (SITE_URL): the launch URL and every target must be on it. */
  origin: string;
}

export interface LoginDeps {
  store: LtiStore;
  site: LtiSite;
  now: () => Date;
}

export interface LoginParams {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  lti_deployment_id?: string;
  client_id?: string;
  /** The platform offers its client-side storage (1EdTech LTI Client Side postMessages): the frame that keeps it. */
  lti_storage_target?: string;
}

export interface LoginAnswer {
  location: string;
  cookie: { name: string; value: string; maxAge: number };
  /**
   * With `lti_storage_target`: the page that stores the binding value and the nonce in the platform's storage
   * before going on to `location` (platform-storage.ts), and who may frame it (the platform's own origins).
   */
  storage?: { page: StorageLogin; frameAncestors: string[] };
}

export const launchUrl = (site: LtiSite) => `${site.origin}/api/lti/launch`;

const onSite = (site: LtiSite, target: string) => {
  try {
    return new URL(target).origin === new URL(site.origin).origin;
  } catch {
    return false;
  }
};

async function platformFor(store: LtiStore, iss: string, clientId: string | undefined): Promise<PlatformItem> {
  let platform: PlatformItem | undefined;
  if (clientId) {
    platform = await store.platform(iss, clientId);
  } else {
    const all = await store.platformsOf(iss);
    if (all.length > 1) throw badRequest(REFUSAL.ambiguousPlatform);
    platform = all[0];
  }
  if (!platform) throw badRequest(REFUSAL.unknownPlatform);
  // Its keys may be anyone's until an operator approves it (platform-trust.ts): no launch starts.
  if (!isActive(platform)) throw forbidden(REFUSAL.pendingPlatform);
  return platform;
}

/** A frame name as HTML takes one (or `_parent`); anything else is ignored, as if the platform had not offered storage. */
const storageTargetOf = (target: string | undefined) => (target && /^[\w.-]{1,64}$/.test(target) ? target : undefined);

export async function initiateLogin(deps: LoginDeps, params: LoginParams): Promise<LoginAnswer> {
  const { iss, login_hint: loginHint, target_link_uri: target } = params;
  if (!iss || !loginHint || !target) throw badRequest(REFUSAL.loginIncomplete);
  // An open redirect otherwise: the launch would send the person wherever the initiation said.
  if (!onSite(deps.site, target)) throw badRequest(REFUSAL.foreignTarget);
  const platform = await platformFor(deps.store, iss, params.client_id);
  if (params.lti_deployment_id && !platform.deployments.includes(params.lti_deployment_id)) throw badRequest(REFUSAL.unknownDeployment);

  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const browser = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + BINDING_MAX_AGE_S;
  const storageTarget = storageTargetOf(params.lti_storage_target);
  await deps.store.beginLogin(state, {
    issuer: platform.issuer, clientId: platform.clientId, nonce, browser: sha256(browser), targetLinkUri: target, expiresAt,
    loginHint, ...(params.lti_message_hint && { messageHint: params.lti_message_hint }), ...(params.lti_deployment_id && { deploymentHint: params.lti_deployment_id }),
    ...(storageTarget && { almacen: storageTarget }),
  });

  const auth = new URL(platform.authUrl);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: launchUrl(deps.site),
    login_hint: loginHint,
    state,
    nonce,
    ...(params.lti_message_hint && { lti_message_hint: params.lti_message_hint }),
  };
  for (const [name, value] of Object.entries(query)) auth.searchParams.set(name, value);
  const cookie = { name: bindingCookieName(state), value: browser, maxAge: BINDING_MAX_AGE_S };
  if (!storageTarget) return { location: auth.toString(), cookie };
  // The same binding value goes to the platform's storage (for a browser that keeps no cookie in the LMS's
  // iframe) and to the cookie (for one that does): the launch takes either (launch.ts).
  const keys = storageKeys(state, nonce);
  return {
    location: auth.toString(),
    cookie,
    storage: {
      page: { auth: auth.toString(), origen: auth.origin, destino: storageTarget, guardar: [[keys.estado, browser], [keys.nonce, nonce]] },
      frameAncestors: platformOrigins(platform),
    },
  };
}
