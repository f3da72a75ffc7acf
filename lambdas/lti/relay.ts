import { randomBytes } from 'node:crypto';
import { AppError, forbidden } from '../shared/errors';
import { sha256, type LaunchItem, type RelayItem } from './lti-items';
import type { LtiStore } from './lti-store';
import { PICKER } from './messages';

// Deep Linking's relay (docs/lti.md "Deep Linking", the new-tab way). A platform without its storage (Moodle in
// Safari) frames a deep-linking launch where Mentora keeps no cookie: the framed page opens the picker in a new tab,
// whose answer, posted from that tab, would reach a return page that talks to a parent it does not have. So the
// framed page keeps a way to receive it: a secret only that page holds (in its form, never in an address); the
// launch carried to the new tab (launch.ts) keeps its id (the secret's SHA-256), and so does its picker; the
// picker's answer, once signed, fills the relay instead of being posted from the tab; the framed page's
// "Ya elegí" (a form post, no script) takes it, once, and posts it to the return URL inside the frame.
//
// Why a stolen secret yields nothing: what it takes is the signed LtiDeepLinkingResponse of that teacher's choice,
// for that platform (aud), deployment and return URL, with the request's own `data`: the platform accepts it only
// in its own session of the teacher who asked (Moodle's return page requires that teacher's login and course
// capability), exactly as if the teacher posted it. The relay names the framed launch (platform, deployment, LMS
// user, return URL), so another person's picker, even one carrying the id, cannot fill it with its own answer.

/** The carried launch's ticket and the picker (30 minutes): the framed page waits as long. */
export const RELAY_TTL_S = 2400;

interface RelayDeps { store: LtiStore; now: () => Date }
const nowS = (deps: { now: () => Date }) => Math.floor(deps.now().getTime() / 1000);

/**
 * A framed deep-linking launch's relay: the secret for its page's form, and the new tab's address (`tabFor(id)`),
 * shown again by "Ya elegí" while the teacher has not chosen.
 */
export async function openRelay(deps: RelayDeps, launch: Omit<RelayItem, 'jwt' | 'expiresAt' | 'pestana'>, tabFor: (id: string) => string): Promise<{ secret: string; pestana: string }> {
  const secret = randomBytes(32).toString('base64url');
  const id = sha256(secret);
  const pestana = tabFor(id);
  await deps.store.openRelay(id, { ...launch, pestana, expiresAt: nowS(deps) + RELAY_TTL_S });
  return { secret, pestana };
}

/** The relay a deep-linking launch may fill: made for this very launch (platform, deployment, LMS user, return URL), still waiting. */
export async function relayFor(deps: RelayDeps, launch: LaunchItem): Promise<string | undefined> {
  if (!launch.relevo || !launch.deepLinking) return undefined;
  const relay = await deps.store.relay(launch.relevo);
  const same = relay && relay.issuer === launch.issuer && relay.clientId === launch.clientId && relay.deploymentId === launch.deploymentId &&
    relay.sub === launch.sub && relay.returnUrl === launch.deepLinking.returnUrl;
  return same && !relay.jwt && relay.expiresAt > nowS(deps) ? launch.relevo : undefined;
}

export const fillRelay = (deps: RelayDeps, id: string, jwt: string) => deps.store.fillRelay(id, jwt, nowS(deps));

export type RelayOutcome =
  | { kind: 'listo'; returnUrl: string; jwt: string; marco: string[] }
  /** The teacher has not chosen yet: the page says so and offers "Ya elegí" again. */
  | { kind: 'esperando'; marco: string[]; pestana: string };

/** POST /lti/seleccion with `relevo`: the framed page's "Ya elegí" (Mentora's own page only), once. */
export async function takeRelay(deps: RelayDeps & { site: { origin: string } }, secret: string, origin: string | undefined): Promise<RelayOutcome> {
  if (origin !== deps.site.origin) throw forbidden(PICKER.otherPage);
  const id = sha256(secret);
  const taken = await deps.store.takeRelay(id, nowS(deps));
  if (taken?.jwt) return { kind: 'listo', returnUrl: taken.returnUrl, jwt: taken.jwt, marco: taken.marco };
  const waiting = await deps.store.relay(id);
  if (waiting && !waiting.jwt && waiting.expiresAt > nowS(deps)) return { kind: 'esperando', marco: waiting.marco, pestana: waiting.pestana };
  throw new AppError(410, PICKER.ticketUnknown, 'Gone');
}
