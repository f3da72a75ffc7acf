import * as z from 'zod';
import { AppError, badRequest, conflict } from '../shared/errors';
import { logger } from '../shared/logger';
import { AGS_SCOPE, NRPS_SCOPE } from './claims';
import type { LtiSite } from './login';
import { DYNAMIC_OWNER, type DomainReservation } from './lti-items';
import type { LtiStore } from './lti-store';
import type { RegisterOutcome } from './platform-store';
import { REGISTRATION } from './messages';
import { speaksForHostedIssuer } from './platform-trust';
import { newRegistro, toolUrls } from './platforms';
import { expiryFrom, MAX_UNPROVEN_PER_DOMAIN, UNPROVEN_DAYS } from './registration-bounds';
import { sweepBeforeRegistering } from './registration-expiry';

// LTI Dynamic Registration 1.0 (https://www.imsglobal.org/spec/lti-dr/v1p0): the LMS opens Mentora's
// registration URL with `openid_configuration` and `registration_token`; Mentora reads the platform's OpenID
// configuration, checks it names itself (its issuer's domain is the one the configuration was fetched from: a
// configuration served from one host cannot speak for another's issuer), registers itself at the platform's
// registration endpoint with the token, and keeps the client id and deployment the platform answers as a
// registration, exactly as a manual one (the first of an issuer and client id stays).

const TOOL_CONFIG = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
const FETCH_MS = 5000;

const openIdConfiguration = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  jwks_uri: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string(),
});

const registrationAnswer = z.object({
  client_id: z.string().min(1).max(255),
  [TOOL_CONFIG]: z.object({ deployment_id: z.string().min(1).max(255).optional() }).optional(),
});

export interface RegistrationDeps {
  store: LtiStore;
  site: LtiSite;
  now: () => Date;
  schemes: readonly string[];
  fetch: typeof fetch;
}

const origin = (url: string) => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

async function json(deps: RegistrationDeps, url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await deps.fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(FETCH_MS) });
  } catch {
    throw new AppError(502, REGISTRATION.unreachable, 'BadGateway');
  }
  if (!res.ok) throw new AppError(502, REGISTRATION.refusedByPlatform, 'BadGateway');
  try {
    return await res.json();
  } catch {
    throw new AppError(502, REGISTRATION.notJson, 'BadGateway');
  }
}

/** The registration the tool asks the platform for (LTI DR §3.3, the spec's example with Mentora's values). */
export function toolRegistration(site: LtiSite) {
  const urls = toolUrls(site);
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: urls.loginUrl,
    redirect_uris: [urls.launchUrl],
    client_name: 'Mentora',
    jwks_uri: urls.jwksUrl,
    token_endpoint_auth_method: 'private_key_jwt',
    // Grades flow back (docs/lti.md "Grades"): Mentora posts scores, finds or makes a plain link's column (the
    // lineitem scope: Moodle then sets "grade sync and column management", without it grade sync only), and
    // reads the course's members ("Roster").
    scope: [AGS_SCOPE.score, AGS_SCOPE.lineItem, NRPS_SCOPE].join(' '),
    [TOOL_CONFIG]: {
      domain: new URL(site.origin).host,
      target_link_uri: `${site.origin}/`,
      description: 'Cursos con tutor, evaluaciones y repaso espaciado de Mentora.',
      claims: ['iss', 'sub', 'name', 'given_name'],
      // Deep Linking too: a platform turns its "add activity" picker on only for a tool that lists the message
      // (Moodle's registration sets "Supports Deep Linking" from it; without it the teacher had no picker).
      messages: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest', target_link_uri: `${site.origin}/`, label: 'Mentora' }],
    },
  };
}

export async function registerDynamically(deps: RegistrationDeps, params: { openid_configuration?: string; registration_token?: string }) {
  const configUrl = params.openid_configuration && origin(params.openid_configuration);
  if (!configUrl || !deps.schemes.includes(configUrl.protocol)) throw badRequest(REGISTRATION.badConfigurationUrl);
  const auth: Record<string, string> = params.registration_token ? { authorization: `Bearer ${params.registration_token}` } : {};
  const parsed = openIdConfiguration.safeParse(await json(deps, configUrl.toString(), { headers: { accept: 'application/json', ...auth } }));
  if (!parsed.success) throw new AppError(502, REGISTRATION.notJson, 'BadGateway');
  const config = parsed.data;
  // A configuration speaks only for an issuer of its own domain (LTI DR §3.5.1: the issuer's domain must be the
  // openid_configuration URL's), or for Canvas Cloud's shared issuer from a school's Instructure host with
  // Instructure's own key set (platform-trust.ts); that host is where its course pages frame Mentora.
  const hosted = speaksForHostedIssuer(config.issuer, configUrl, config.jwks_uri);
  if (!hosted && origin(config.issuer)?.host !== configUrl.host) throw badRequest(REGISTRATION.issuerMismatch);
  const addresses = [config.issuer, config.authorization_endpoint, config.jwks_uri, config.token_endpoint, config.registration_endpoint];
  if (addresses.some((a) => !deps.schemes.includes(origin(a)?.protocol ?? ''))) throw badRequest(REGISTRATION.badConfigurationUrl);

  // Public by design: what bounds it is the configuration's domain (registration-bounds.ts). Its place is reserved
  // before the platform hears anything (a refused registration must not leave the platform showing a tool that
  // does not exist), and given back when the post or the store fails; the store's write consumes it.
  // The Public Suffix List is a chunk of its own, read on a registration only (registrable-domain.ts).
  const { registrableDomain } = await import('./registrable-domain');
  const dominio = registrableDomain(configUrl.toString());
  await sweepBeforeRegistering(deps.store, deps.now());
  const reservation = await deps.store.reserveDomain(dominio, deps.now());
  if (!reservation) throw conflict(REGISTRATION.tooManyUnproven(dominio, MAX_UNPROVEN_PER_DOMAIN, UNPROVEN_DAYS));
  let outcome: RegisterOutcome | undefined;
  try {
    const answer = registrationAnswer.safeParse(await json(deps, config.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...auth },
      body: JSON.stringify(toolRegistration(deps.site)),
    }));
    if (!answer.success) throw new AppError(502, REGISTRATION.notJson, 'BadGateway');
    const clientId = answer.data.client_id;
    const deployments = answer.data[TOOL_CONFIG]?.deployment_id ? [answer.data[TOOL_CONFIG].deployment_id] : [];
    outcome = await deps.store.register({
      issuer: config.issuer,
      clientId,
      registro: newRegistro(),
      // The configuration came from the issuer's own domain, or is Canvas Cloud's with Instructure's key set (above).
      estado: 'activa',
      authUrl: config.authorization_endpoint,
      jwksUrl: config.jwks_uri,
      tokenUrl: config.token_endpoint,
      deployments,
      ownerId: DYNAMIC_OWNER,
      creadoEn: deps.now().toISOString(),
      caducaEn: expiryFrom(deps.now()),
      dominio,
      ...(hosted && { paginas: [configUrl.origin] }),
    }, reservation);
    if (outcome === 'dominio') throw conflict(REGISTRATION.tooManyUnproven(dominio, MAX_UNPROVEN_PER_DOMAIN, UNPROVEN_DAYS));
    if (outcome !== 'hecho') throw conflict(REGISTRATION.taken);
    return { issuer: config.issuer, clientId, deployments };
  } finally {
    // Not stored (the platform failed, the answer was taken, the store threw): the place goes back. A write that
    // committed consumed it already, so a release after an error lost on the way back gives nothing back twice.
    if (outcome !== 'hecho') await releaseQuietly(deps.store, reservation);
  }
}

async function releaseQuietly(store: LtiStore, reservation: DomainReservation) {
  // One that fails here is stale in RESERVATION_SECONDS, and the sweep gives it back (registration-expiry.ts).
  await store.releaseReservation(reservation).catch((error: unknown) => logger.warn('lti: a domain reservation was not released', { error: String(error) }));
}
