import { randomBytes } from 'node:crypto';
import { decodeJwt, type JWTPayload } from 'jose';
import { badRequest, forbidden, unauthorized } from '../shared/errors';
import { bindingCookieName, entryCookieName } from './browser-binding';
import { CLAIM, DEEP_LINKING_REQUEST, launchClaims, type LaunchClaims } from './claims';
import { activityOf } from './deep-linking';
import { isInstructor } from './landing';
import { sha256, type LaunchItem, type PlatformItem, type StateItem } from './lti-items';
import { launchUrl, type LtiSite } from './login';
import type { LtiStore } from './lti-store';
import { REFUSAL } from './messages';
import { isActive } from './platform-trust';
import { agsOf, nrpsOf } from './service-urls';
import { verifyIdToken } from './verify-id-token';
import { FRAME_PARAM, frameKey, platformOrigins } from './frame-origins';
import { storageKeys, type StorageLaunch } from './platform-storage';
import { openRelay } from './relay';

// The launch (LTI 1.3 §5.1.1.3): the platform's browser posts id_token and state. Everything that can
// refuse is checked before the one write, so a refused launch changes nothing: the state must be ours and
// unexpired; the token verified against the platform that login named; its nonce the state's; its
// deployment registered; the browser the one that began the login (its binding cookie). Then one
// transaction consumes state and nonce (single use: a replay or a second post at the same moment finds
// them gone) and records the verified launch under a fresh ticket the browser takes to the SPA.

/** How long the browser has to take the ticket to the SPA (and its owner to choose on the linking screen). */
export const TICKET_TTL_S = 300;

export interface LaunchDeps {
  store: LtiStore;
  site: LtiSite;
  now: () => Date;
  /** URL schemes a platform's addresses may use (a deep-linking return URL too): https only unless set. */
  schemes?: readonly string[];
}

export interface LaunchInput {
  idToken?: string;
  state?: string;
  /** OpenID Connect Core §3.1.2.6: the platform's authentication error, posted instead of an id_token (Moodle's access_denied). */
  error?: string;
  errorDescription?: string;
  /** The browser's cookie, by name: the one login set for this state. */
  cookie: (name: string) => string | undefined;
  /** The platform's browser shows the launch in an iframe (Sec-Fetch-Dest: iframe, frame-page.ts). */
  framed: boolean;
  /**
   * The launch posted again by its own page with the values read from the platform's storage (platform-storage.ts):
   * the state's binding value and the nonce, instead of the cookie.
   */
  storage?: { vinculo?: string; nonce?: string };
  /**
   * The storage path's page could not finish (no answer, nothing kept for this login, storage refused in the frame):
   * its form posts the launch again (`llevar`) to be carried to a new tab. Only for a login begun with the storage.
   */
  carry?: boolean;
  /** The request's Origin header: the storage path's posts must come from Mentora's own page. */
  origin?: string;
}

export type LaunchAnswer =
  | {
    kind: 'landed';
    location: string;
    /** The binding cookie to clear: its state is spent. */
    clearCookie: string;
    /** The ticket's own cookie (browser-binding.ts entryCookie). */
    entryCookie: { name: string; value: string; maxAge: number };
  }
  /**
   * Inside the LMS's iframe with nothing binding the launch to the browser: the launch is done and carried, and the
   * page links to it in a new tab (`loginUrl`: /lti/entrar with its ticket and proof), where Mentora is first-party
   * and asks "¿Eres tú?". `frameAncestors`: who may show that page; `relevo`: a deep-linking launch's relay.
   */
  | { kind: 'new-window'; loginUrl: string; frameAncestors: string[]; relevo?: string }
  /** Inside the iframe, the login having stored its values in the platform's storage: the page that reads them back. */
  | { kind: 'storage-check'; page: StorageLaunch; frameAncestors: string[] }
  /**
   * The storage path's launch, done: the frame goes to `destino` (/lti/entrar, framable by this platform through
   * `?marco=`), and the ticket's proof, `prueba`, is what the entry cookie is elsewhere: the page hands it to the
   * SPA in this origin's sessionStorage (sign-in.ts takes either).
   */
  | { kind: 'stored'; destino: string; ticket: string; prueba: string }
  /**
   * Inside the iframe, in a browser that kept the login's cookie there (Partitioned: Chrome, Edge, Firefox): bound
   * as a top-level launch is, and done in the frame. The page hands `prueba` to the SPA as the storage path's does
   * (a cross-site frame sends no SameSite=Lax entry cookie) and goes to `destino`; `frameAncestors` may show it.
   */
  | { kind: 'framed'; destino: string; ticket: string; prueba: string; clearCookie: string; frameAncestors: string[] };

const issuerOf = (token: string) => {
  try {
    return decodeJwt(token).iss;
  } catch {
    throw badRequest(REFUSAL.malformed);
  }
};

const originOf = (url: unknown) => {
  try {
    return typeof url === 'string' ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/** The LMS's own pages, which frame the tool: the registration's (frame-origins.ts), and the verified launch's return URL's. */
function frameAncestors(platform: PlatformItem, payload: JWTPayload): string[] {
  const presentation = payload[CLAIM.launchPresentation] as { return_url?: unknown } | undefined;
  const origins = [...platformOrigins(platform), originOf(presentation?.return_url)];
  return [...new Set(origins.filter((o): o is string => Boolean(o) && o !== 'null'))];
}

/**
 * An LtiDeepLinkingRequest (Deep Linking 2.0 §4.4): only a teacher of the context may choose content, the
 * platform must accept resource links, and the return URL must be a platform address. Kept for the picker.
 */
function deepLinkingOf(claims: LaunchClaims, schemes: readonly string[]): LaunchItem['deepLinking'] {
  if (claims[CLAIM.messageType] !== DEEP_LINKING_REQUEST) return undefined;
  if (!isInstructor(claims[CLAIM.roles])) throw forbidden(REFUSAL.deepLinkingLearner);
  const settings = claims[CLAIM.deepLinkingSettings];
  let returnUrl: URL | undefined;
  try {
    returnUrl = settings && new URL(settings.deep_link_return_url);
  } catch {
    returnUrl = undefined;
  }
  if (!settings || !returnUrl || !schemes.includes(returnUrl.protocol)) throw badRequest(REFUSAL.deepLinkingSettings);
  if (!settings.accept_types.includes('ltiResourceLink')) throw badRequest(REFUSAL.deepLinkingTypes);
  return { returnUrl: returnUrl.toString(), acceptMultiple: settings.accept_multiple === true, ...(settings.data !== undefined && { data: settings.data }) };
}

function serviceClaims(payload: JWTPayload, platform: PlatformItem, schemes: readonly string[]) {
  const ags = agsOf(payload, platform, schemes);
  const nrps = nrpsOf(payload, platform, schemes);
  return { ...(ags && { ags }), ...(nrps && { nrps }) };
}

/** The browser brought back the login's binding value (its cookie): the launch is this browser's. */
const boundBy = (browser: string | undefined, login: StateItem) => Boolean(browser) && sha256(browser!) === login.browser;

/** The platform's error code and description, as plain bounded text (they come from the browser's post). */
const platformWords = (error: string, description?: string) =>
  [error, description].filter(Boolean).join(': ').replace(/\p{Cc}+/gu, ' ').trim().slice(0, 200);

export async function completeLaunch(deps: LaunchDeps, input: LaunchInput): Promise<LaunchAnswer> {
  const { idToken, state } = input;
  // The platform refused the login itself (a hint it already used, a session that ended): say so, with its words.
  if (input.error && !idToken) throw badRequest(`${REFUSAL.platformError} (${platformWords(input.error, input.errorDescription)})`);
  if (!idToken || !state) throw badRequest(REFUSAL.launchIncomplete);
  const login = await deps.store.login(state);
  const nowS = Math.floor(deps.now().getTime() / 1000);
  if (!login || login.expiresAt <= nowS) throw unauthorized(REFUSAL.stateUnknown);
  // The platform that login named: its registration's keys and ids, never ones the token chooses.
  if (issuerOf(idToken) !== login.issuer) throw unauthorized(REFUSAL.otherIssuer);
  const platform = await deps.store.platform(login.issuer, login.clientId);
  if (!platform) throw unauthorized(REFUSAL.unknownPlatform);
  // Pending since the login began (its owner moved its keys off the issuer's site): not trusted any more.
  if (!isActive(platform)) throw forbidden(REFUSAL.pendingPlatform);

  const payload = await verifyIdToken(idToken, platform);
  if (payload.nonce !== login.nonce) throw unauthorized(REFUSAL.nonceMismatch);
  if (typeof payload[CLAIM.deploymentId] !== 'string' || !payload[CLAIM.deploymentId]) throw badRequest(REFUSAL.missingDeployment);
  if (typeof payload.sub !== 'string' || !payload.sub) throw badRequest(REFUSAL.missingSubject);
  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success) throw badRequest(REFUSAL.malformed);
  const claims = parsed.data;
  const deploymentId = claims[CLAIM.deploymentId];
  if (!platform.deployments.includes(deploymentId)) throw unauthorized(REFUSAL.unknownDeployment);
  const deepLinking = deepLinkingOf(claims, deps.schemes ?? ['https:']);

  const cookieName = bindingCookieName(state);
  // A genuine launch inside the LMS's iframe. The login's cookie is SameSite=None and Partitioned, so a browser
  // that keeps cookies for a framed site (per top-level site: Chrome, Edge, Firefox) brings it back: bound as any
  // launch, finished in the frame (below). Without it (Safari): when the login stored its values in the platform's
  // storage, the page that reads them back (nothing spent; checked again from the start); otherwise the launch is
  // carried to a new tab (below).
  const framedBound = input.framed && !input.storage && boundBy(input.cookie(cookieName), login);
  // The storage path's own way out: its page posts the launch again to be carried (never for another login).
  const carryAsked = input.carry === true && !input.storage && Boolean(login.almacen);
  if (carryAsked && input.origin !== deps.site.origin) throw forbidden(REFUSAL.storageOrigin);
  const carried = !framedBound && ((input.framed && !login.almacen) || carryAsked);
  if (input.framed && !framedBound && !carried) {
    const ancestors = frameAncestors(platform, payload);
    // A deep-linking launch too: its picker then runs in the frame, bound by a proof instead of a cookie (picker.ts).
    if (login.almacen) {
      return {
        kind: 'storage-check',
        page: { origen: new URL(platform.authUrl).origin, destino: login.almacen, claves: storageKeys(state, login.nonce), envio: { id_token: idToken, state }, accion: launchUrl(deps.site) },
        frameAncestors: ancestors,
      };
    }
  }
  if (carried) {
    // Nothing binds this verified launch to the browser. Logging in again in a new tab cannot work: the platform's
    // login hint is single-use (Moodle's auth.php, Canvas). So the launch itself is done here (state and nonce
    // spent) and carried to the new tab in its address; it signs in only once the person confirms whom it names,
    // and links no account (sign-in.ts).
  } else if (input.storage) {
    // The platform's storage in this browser answered for the login: its values are the binding. Posted by
    // Mentora's own page only; a state carried to another browser finds no value there, or another one.
    if (input.origin !== deps.site.origin) throw forbidden(REFUSAL.storageOrigin);
    const { vinculo, nonce } = input.storage;
    if (!login.almacen || !vinculo || sha256(vinculo) !== login.browser || nonce !== login.nonce) throw unauthorized(REFUSAL.storageMismatch);
  } else {
    const browser = input.cookie(cookieName);
    if (!boundBy(browser, login)) throw unauthorized(REFUSAL.otherBrowser);
  }

  const ticket = randomBytes(32).toString('base64url');
  const entry = randomBytes(32).toString('base64url');
  const context = claims[CLAIM.context];
  const tab = `${deps.site.origin}/lti/entrar#ticket=${ticket}&prueba=${entry}`;
  // Deep Linking carried to a new tab: its answer must still reach this frame (the LMS's return page talks to its parent).
  const relay = carried && deepLinking
    ? await openRelay(deps, { issuer: platform.issuer, clientId: platform.clientId, deploymentId, sub: claims.sub, returnUrl: deepLinking.returnUrl, marco: frameAncestors(platform, payload) }, () => tab)
    : undefined;
  const done = await deps.store.completeLaunch(state, login.nonce, ticket, {
    issuer: platform.issuer,
    clientId: platform.clientId,
    // The registration instance: identities, aulas and grade links are keyed by it (lti-items.ts registrationScope).
    ...(platform.registro && { registro: platform.registro }),
    deploymentId,
    sub: claims.sub,
    messageType: claims[CLAIM.messageType],
    roles: claims[CLAIM.roles],
    contextId: context?.id,
    contextTitle: context?.title,
    resourceLinkId: claims[CLAIM.resourceLink]?.id,
    resourceLinkTitle: claims[CLAIM.resourceLink]?.title?.trim().slice(0, 120) || undefined,
    nombre: claims.name ?? claims.given_name,
    plataforma: claims[CLAIM.toolPlatform]?.name?.trim().slice(0, 80) || undefined,
    actividad: activityOf(deps.site.origin, claims[CLAIM.targetLinkUri]),
    deepLinking,
    // Grades and roster (docs/lti.md "Grades", "Roster"): the services this resource link and context offer.
    ...serviceClaims(payload, platform, deps.schemes ?? ['https:']),
    navegador: sha256(entry),
    // Finished in the frame: who may frame what follows (a deep-linking launch's picker and its answer's page).
    ...((input.storage || framedBound) && { marco: frameAncestors(platform, payload) }),
    // Carried to a new tab from a framed deep-linking page: the relay its picker's answer goes back through.
    ...(relay && { relevo: sha256(relay.secret) }),
    ...(carried && { sinVinculo: true }),
    expiresAt: nowS + TICKET_TTL_S,
  });
  if (!done) throw unauthorized(REFUSAL.stateUnknown);
  // Its owner's list says the platform really uses it (once; a failure to record it does not fail the launch).
  if (!platform.probadaEn) await deps.store.markProven(platform, deps.now().toISOString()).catch(() => undefined);
  if (carried) return { kind: 'new-window', loginUrl: tab, frameAncestors: frameAncestors(platform, payload), ...(relay && { relevo: relay.secret }) };
  if (input.storage || framedBound) {
    const destino = `${deps.site.origin}/lti/entrar?${FRAME_PARAM}=${frameKey(platform.issuer, platform.clientId)}#ticket=${ticket}`;
    if (framedBound) return { kind: 'framed', destino, ticket, prueba: entry, clearCookie: cookieName, frameAncestors: frameAncestors(platform, payload) };
    return { kind: 'stored', destino, ticket, prueba: entry };
  }
  return {
    kind: 'landed',
    location: `${deps.site.origin}/lti/entrar#ticket=${ticket}`,
    clearCookie: cookieName,
    entryCookie: { name: entryCookieName(ticket), value: entry, maxAge: TICKET_TTL_S },
  };
}
