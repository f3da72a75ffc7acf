import type { Tokens, User } from '../contract';
import { AppError, conflict, forbidden, unauthorized } from '../shared/errors';
import { ltiEmail, type AccountCreator } from './cognito-accounts';
import { entryCookieName } from './browser-binding';
import { identityHash, sha256, type LaunchItem, type LtiIdentity } from './lti-items';
import type { LtiStore } from './lti-store';
import { ENTRY } from './messages';
import type { Landing } from './landing';
import { DEEP_LINKING_REQUEST } from './claims';
import type { PickerOpened } from './picker';
import { FRAME_PARAM } from './frame-origins';

// The launch's ticket becomes a Mentora session (issue 45 item 2, docs/lti.md "Signing in"), in the browser
// the launch landed in only (a ticket sent to someone else signs them in to nothing). The account is
// the one linked to the launch's LMS identity (registration, deployment, sub): made on its first launch, or
// an existing account its owner linked while signed in. The ticket is spent before anything else is
// written, so a replayed ticket (or the same one twice at once) signs nobody in. Twenty first launches at
// once make one account: the first claims the identity, the others wait for its account.

/** How long a claim holds the others back: longer than creating a Cognito user takes, short enough to retry. */
export const CLAIM_S = 20;
const WAIT_STEP_MS = 150;
const WAIT_STEPS = 60;

export interface EntryDeps {
  store: LtiStore;
  accounts: AccountCreator;
  /** Creates the profile item of an account made for an identity, as a first sign-in does. */
  ensureProfile(user: { id: string; email: string; nombre: string }): Promise<User>;
  /** The profile of an account (a linked one keeps its own email and name). */
  profile(userId: string): Promise<User | undefined>;
  signIn(userId: string): Promise<Tokens>;
  /** Where the launch lands the account (the aula of its LMS context, or the start page): landing.ts. */
  land(launch: LaunchItem, userId: string): Promise<Landing>;
  /** A deep-linking launch opens the picker instead (picker.ts openPicker): its ticket and cookie. */
  openPicker(launch: LaunchItem, userId: string): Promise<PickerOpened>;
  now: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const identityOf = (l: LaunchItem): LtiIdentity => ({ issuer: l.issuer, clientId: l.clientId, ...(l.registro && { registro: l.registro }), deploymentId: l.deploymentId, sub: l.sub });
const nowS = (deps: { now: () => Date }) => Math.floor(deps.now().getTime() / 1000);
const displayName = (launch: LaunchItem) => launch.nombre?.trim().slice(0, 100) || 'Estudiante';

/** The browser's cookies, by name. */
export type BrowserCookies = (name: string) => string | undefined;

/** How a ticket is refused: spent or unknown, or brought by another browser. */
interface TicketRefusals { spent: () => AppError; otherBrowser: () => AppError }
/** POST /lti/sesion is public: its refusals are 401, as the launch's. */
const PUBLIC_REFUSALS: TicketRefusals = { spent: () => unauthorized(ENTRY.ticketUnknown), otherBrowser: () => unauthorized(ENTRY.otherBrowser) };
/**
 * POST /lti/vincular is a signed-in call: the SPA reads a 401 there as its session ending (it refreshes the tokens,
 * then signs the person out), so a spent ticket is 410 and another browser's 403, as the picker's (docs/lti.md).
 */
const SIGNED_IN_REFUSALS: TicketRefusals = { spent: () => new AppError(410, ENTRY.ticketUnknown, 'Gone'), otherBrowser: () => forbidden(ENTRY.otherBrowser) };

/**
 * The ticket's launch, unspent and unexpired, in the browser it landed in: its entry cookie, or (a launch finished
 * inside the LMS's iframe through the platform's storage, where no cookie is kept) the proof its page handed to
 * the SPA in this origin's sessionStorage, `prueba` (launch.ts 'stored').
 */
async function liveLaunch(deps: Pick<EntryDeps, 'store' | 'now'>, browser: BrowserCookies, ticket: string, refuse: TicketRefusals, prueba?: string): Promise<LaunchItem> {
  const launch = await deps.store.launch(ticket);
  if (!launch || launch.expiresAt <= nowS(deps)) throw refuse.spent();
  const proofs = [browser(entryCookieName(ticket)), prueba];
  if (!launch.navegador || !proofs.some((proof) => proof && sha256(proof) === launch.navegador)) throw refuse.otherBrowser();
  return launch;
}

/** The identity's account: recorded, or made now under a claim, or made by the request that holds the claim. */
async function accountFor(deps: EntryDeps, launch: LaunchItem): Promise<string> {
  const identity = identityOf(launch);
  const sleep = deps.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  for (let step = 0; step < WAIT_STEPS; step++) {
    const item = await deps.store.account(identity);
    if (item?.userId) return item.userId;
    const now = nowS(deps);
    if (await deps.store.claimAccount(identity, now, now + CLAIM_S)) {
      const email = ltiEmail(identityHash(identity));
      const userId = await deps.accounts.create(email, displayName(launch));
      await deps.ensureProfile({ id: userId, email, nombre: displayName(launch) });
      await deps.store.settleAccount(identity, userId, deps.now().toISOString());
      return (await deps.store.account(identity))?.userId ?? userId;
    }
    await sleep(WAIT_STEP_MS);
  }
  throw new AppError(503, ENTRY.accountBusy, 'Busy');
}

/**
 * Where the launch goes. A deep-linking launch also binds the picker: top-level, its cookie (`galleta`, set on the
 * answer, never in a body); inside the LMS's iframe, its proof (`pruebaSeleccion`, in the body of this same-origin
 * call, which only Mentora's page reads and keeps in the frame's sessionStorage).
 */
export type Arrival = Landing & { galleta?: NonNullable<PickerOpened['cookie']>; pruebaSeleccion?: string };

/**
 * A deep-linking launch lands on the picker (/lti/elegir, its ticket in the fragment; in the frame, with the
 * registration's `marco` key, which lets that platform frame the page); any other where landing.ts says.
 */
async function arrive(deps: Pick<EntryDeps, 'land' | 'openPicker'>, launch: LaunchItem, userId: string): Promise<Arrival> {
  if (launch.messageType !== DEEP_LINKING_REQUEST) return deps.land(launch, userId);
  const opened = await deps.openPicker(launch, userId);
  if (opened.prueba !== undefined) return { destino: `/lti/elegir?${FRAME_PARAM}=${opened.marco}#seleccion=${opened.ticket}`, pruebaSeleccion: opened.prueba };
  return { destino: `/lti/elegir#seleccion=${opened.ticket}`, galleta: opened.cookie };
}

export type EntryAnswer =
  | ({ estado: 'dentro'; user: User; tokens: Tokens } & Arrival)
  /** Not linked yet, and the caller may have an account to link: the ticket is not spent. */
  | { estado: 'sin-cuenta'; nombre: string; plataforma: string }
  /** A launch carried to a new tab, not confirmed yet: whom it signs in (nothing spent). */
  | { estado: 'confirmar'; nombre: string; plataforma: string };

/** POST /lti/sesion: the SPA's /lti/entrar brings the ticket; `cuentaNueva` when nobody is signed in there. */
export async function enterWithTicket(deps: EntryDeps, browser: BrowserCookies, ticket: string, cuentaNueva: boolean, prueba?: string, confirmado = false): Promise<EntryAnswer> {
  const launch = await liveLaunch(deps, browser, ticket, PUBLIC_REFUSALS, prueba);
  // Carried to a new tab in its address (launch.ts): a link someone else made could sign this browser in to their
  // LMS identity. The person sees whom it signs in and says it is them; it never links the account signed in here.
  if (launch.sinVinculo && !confirmado) return { estado: 'confirmar', nombre: displayName(launch), plataforma: launch.plataforma ?? new URL(launch.issuer).host };
  if (launch.sinVinculo) cuentaNueva = true;
  const identity = identityOf(launch);
  let linked = (await deps.store.account(identity))?.userId;
  // The account was deleted since (its profile went with it): the identity is free again, for a new one.
  if (linked && !(await deps.profile(linked))) {
    await deps.store.forgetAccount(identity, linked);
    linked = undefined;
  }
  if (!linked && !cuentaNueva) return { estado: 'sin-cuenta', nombre: displayName(launch), plataforma: new URL(launch.issuer).host };
  if (!(await deps.store.takeLaunch(ticket, nowS(deps)))) throw unauthorized(ENTRY.ticketUnknown);
  const userId = linked ?? (await accountFor(deps, launch));
  const landed = await arrive(deps, launch, userId);
  const tokens = await deps.signIn(userId);
  const user = await deps.profile(userId);
  if (!user) throw unauthorized(ENTRY.accountGone);
  return { estado: 'dentro', user, tokens, ...landed };
}

/** POST /lti/vincular: the signed-in owner links their account to the launch's LMS identity, once. */
export async function linkWithTicket(deps: Pick<EntryDeps, 'store' | 'now' | 'land' | 'openPicker'>, browser: BrowserCookies, userId: string, ticket: string, prueba?: string): Promise<Arrival> {
  const launch = await liveLaunch(deps, browser, ticket, SIGNED_IN_REFUSALS, prueba);
  if (launch.sinVinculo) throw forbidden(ENTRY.carriedNoLink);
  const outcome = await deps.store.linkAccount(ticket, identityOf(launch), userId, nowS(deps), deps.now().toISOString());
  if (outcome === 'ticket') throw SIGNED_IN_REFUSALS.spent();
  if (outcome === 'identidad') throw conflict(ENTRY.identityTaken);
  if (outcome === 'cuenta') throw conflict(ENTRY.accountTaken);
  return arrive(deps, launch, userId);
}
