import type { LtiPlatformRequest, LtiPlatformView } from '../contract';
import { badRequest, conflict } from '../shared/errors';
import { platformKey } from './lti-items';
import type { LtiSite } from './login';
import { launchUrl } from './login';
import type { LtiStore } from './lti-store';
import { REFUSAL } from './messages';

// Manual registration (issue 45 item 1): a signed-in Mentora account enters what its LMS shows for the tool.
// The first registration of an issuer and client id stays: a second one, by anyone, is refused, so nobody
// can swap the keys a platform's launches are checked against. Launches are bound to the registration they
// came through (docs/lti.md "Who can register"), so a registration of someone else's issuer under another
// client id reaches only the accounts its own launches create.

export interface PlatformDeps {
  store: LtiStore;
  site: LtiSite;
  now: () => Date;
  /** URL schemes a platform's addresses may use: https only on AWS (config LTI_PLATFORM_SCHEMES). */
  schemes: readonly string[];
}

export const toolUrls = (site: LtiSite) => ({ loginUrl: `${site.origin}/api/lti/login`, launchUrl: launchUrl(site), jwksUrl: `${site.origin}/api/lti/jwks` });

export async function registerPlatform(deps: PlatformDeps, ownerId: string, request: LtiPlatformRequest): Promise<LtiPlatformView> {
  const addresses = [request.issuer, request.authUrl, request.jwksUrl, request.tokenUrl].filter((a): a is string => Boolean(a));
  if (addresses.some((a) => !deps.schemes.includes(new URL(a).protocol))) throw badRequest(REFUSAL.insecureUrl);
  const deployments = [...new Set(request.deployments)];
  const registered = await deps.store.register({
    issuer: request.issuer,
    clientId: request.clientId,
    authUrl: request.authUrl,
    jwksUrl: request.jwksUrl,
    ...(request.tokenUrl && { tokenUrl: request.tokenUrl }),
    deployments,
    ownerId,
    creadoEn: deps.now().toISOString(),
  });
  if (!registered) throw conflict(REFUSAL.platformTaken);
  return { id: platformKey(request.issuer, request.clientId).pk, issuer: request.issuer, clientId: request.clientId, deployments, herramienta: toolUrls(deps.site) };
}
