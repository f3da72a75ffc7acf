import { randomBytes } from 'node:crypto';
import type { LtiPlatformList, LtiPlatformRequest, LtiPlatformUpdate, LtiPlatformView, LtiToolUrls } from '../contract';
import { badRequest, conflict, notFound } from '../shared/errors';
import { registrationId, type PlatformItem } from './lti-items';
import type { LtiSite } from './login';
import { launchUrl } from './login';
import type { LtiStore } from './lti-store';
import { PLATFORMS, REFUSAL } from './messages';
import { isPublished } from './frame-store';
import { stateFor } from './platform-trust';
import { expiryFrom, MAX_PER_ACCOUNT } from './registration-bounds';
import { sweepBeforeRegistering } from './registration-expiry';

// Manual registration and its management (issue 45 item 1, docs/lti.md "Who can register a platform"). Any
// signed-in account may register; what a registration can do is bounded instead:
// - its key set must be the issuer's own (platform-trust.ts), or it waits for an operator ('pendiente'), so
//   nobody signs launches "from" a real LMS with keys of their own;
// - the first registration of an issuer and client id stays (a pending one gives way to one whose keys are
//   the issuer's own), and only its owner lists, changes or deletes it (another account's is a 404);
// - an account holds at most MAX_PER_ACCOUNT, and one no launch proves expires (registration-bounds.ts);
// - each registration has its own random `registro`, and identities, LMS aulas and grade links are keyed by
//   it: a later registration of the same issuer and client id, by anyone, reaches nothing of an earlier one.

export interface PlatformDeps {
  store: LtiStore;
  site: LtiSite;
  now: () => Date;
  /** URL schemes a platform's addresses may use: https only on AWS (config LTI_PLATFORM_SCHEMES). */
  schemes: readonly string[];
}

export const toolUrls = (site: LtiSite): LtiToolUrls => ({
  loginUrl: `${site.origin}/api/lti/login`,
  launchUrl: launchUrl(site),
  jwksUrl: `${site.origin}/api/lti/jwks`,
  deepLinkingUrl: `${site.origin}/`,
  redirectUris: [launchUrl(site)],
  registrationUrl: `${site.origin}/api/lti/registro`,
});

/** A fresh registration's own id (lti-items.ts PlatformItem.registro). */
export const newRegistro = () => randomBytes(16).toString('base64url');

const ID = /^[\w-]{43}$/;

function checkSchemes(deps: PlatformDeps, addresses: (string | undefined)[]) {
  if (addresses.some((a) => a !== undefined && !deps.schemes.includes(new URL(a).protocol))) throw badRequest(REFUSAL.insecureUrl);
}

export const platformView = (site: LtiSite, p: PlatformItem): LtiPlatformView => ({
  id: registrationId(p.issuer, p.clientId),
  issuer: p.issuer,
  clientId: p.clientId,
  authUrl: p.authUrl,
  jwksUrl: p.jwksUrl,
  ...(p.tokenUrl && { tokenUrl: p.tokenUrl }),
  deployments: p.deployments,
  estado: p.estado ?? 'activa',
  creadoEn: p.creadoEn,
  ...(p.probadaEn && { probadaEn: p.probadaEn }),
  ...(!p.probadaEn && p.caducaEn && { caducaEn: p.caducaEn }),
  paginas: p.paginas ?? [],
  publicada: isPublished(p),
  ...(!isPublished(p) && p.errorPublicacion && { errorPublicacion: p.errorPublicacion }),
  herramienta: toolUrls(site),
});

export async function registerPlatform(deps: PlatformDeps, ownerId: string, request: LtiPlatformRequest): Promise<LtiPlatformView> {
  checkSchemes(deps, [request.issuer, request.authUrl, request.jwksUrl, request.tokenUrl, ...(request.paginas ?? [])]);
  const item: PlatformItem = {
    issuer: request.issuer,
    clientId: request.clientId,
    registro: newRegistro(),
    estado: stateFor(request.issuer, request.jwksUrl),
    authUrl: request.authUrl,
    jwksUrl: request.jwksUrl,
    ...(request.tokenUrl && { tokenUrl: request.tokenUrl }),
    deployments: [...new Set(request.deployments)],
    ...(request.paginas?.length && { paginas: [...new Set(request.paginas)] }),
    ownerId,
    creadoEn: deps.now().toISOString(),
    contada: true,
    caducaEn: expiryFrom(deps.now()),
  };
  await sweepBeforeRegistering(deps.store, deps.now());
  const outcome = await deps.store.register(item);
  if (outcome === 'cuenta') throw conflict(PLATFORMS.tooMany(MAX_PER_ACCOUNT));
  if (outcome !== 'hecho') throw conflict(REFUSAL.platformTaken);
  return platformView(deps.site, await asStored(deps, item));
}

/** The registration as written and published (or not: `publicada` says what happened), read back after both. */
async function asStored(deps: PlatformDeps, written: PlatformItem): Promise<PlatformItem> {
  const stored = await deps.store.platform(written.issuer, written.clientId);
  return stored && stored.registro === written.registro ? stored : written;
}

export async function listPlatforms(deps: PlatformDeps, ownerId: string): Promise<LtiPlatformList> {
  const mine = await deps.store.platformsOwnedBy(ownerId);
  mine.sort((a, b) => a.creadoEn.localeCompare(b.creadoEn));
  return { herramienta: toolUrls(deps.site), plataformas: mine.map((p) => platformView(deps.site, p)) };
}

async function owned(deps: PlatformDeps, ownerId: string, id: string): Promise<PlatformItem> {
  if (!ID.test(id)) throw badRequest(PLATFORMS.badId);
  const platform = await deps.store.ownedPlatform(ownerId, id);
  // Another account's registration, or none: the same answer, so ids cannot be probed.
  if (!platform) throw notFound(PLATFORMS.notFound);
  return platform;
}

/**
 * The owner changes what the LMS moved: deployments and course pages (the list sent replaces the kept one), the key
 * set, the endpoints. Any update publishes the registration in the frame store again (frame-store.ts), so
 * `{ publicar: true }` alone republishes one whose publication failed, and again changes nothing. A new key set is checked as at registration: off the issuer's site, the registration waits for an
 * operator again. Issuer, client id and `registro` never change (the identities and aulas are keyed by them).
 */
export async function updatePlatform(deps: PlatformDeps, ownerId: string, id: string, changes: LtiPlatformUpdate): Promise<LtiPlatformView> {
  checkSchemes(deps, [changes.authUrl, changes.jwksUrl, changes.tokenUrl, ...(changes.paginas ?? [])]);
  const current = await owned(deps, ownerId, id);
  const jwksUrl = changes.jwksUrl ?? current.jwksUrl;
  const next: PlatformItem = {
    ...current,
    ...(changes.authUrl && { authUrl: changes.authUrl }),
    ...(changes.tokenUrl && { tokenUrl: changes.tokenUrl }),
    ...(changes.deployments && { deployments: [...new Set(changes.deployments)] }),
    ...(changes.paginas && { paginas: [...new Set(changes.paginas)] }),
    jwksUrl,
    // An operator's approval was for the keys it saw: new keys off the issuer's site wait again.
    estado: changes.jwksUrl && changes.jwksUrl !== current.jwksUrl ? stateFor(current.issuer, jwksUrl) : (current.estado ?? 'activa'),
    actualizadoEn: deps.now().toISOString(),
  };
  if (!(await deps.store.updatePlatform(current, next))) throw conflict(PLATFORMS.changed);
  return platformView(deps.site, await asStored(deps, next));
}

/**
 * The owner deletes it: launches through it stop at once (login and launch find no registration). The LMS
 * aulas it made stay, with their teacher, members and copies, as ordinary aulas; their scores still waiting
 * end 'error' ("La plataforma ya no está registrada en Mentora."). A new registration of the same issuer and
 * client id starts empty: new identities, new aulas (docs/lti.md "Deleting a registration").
 */
export async function deletePlatform(deps: PlatformDeps, ownerId: string, id: string): Promise<void> {
  const current = await owned(deps, ownerId, id);
  if (!(await deps.store.deletePlatform(current))) throw conflict(PLATFORMS.changed);
}
