import { randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { LmsAulas, LmsLinkable, LmsPick } from '../aulas';
import { AppError, badRequest, conflict, forbidden } from '../shared/errors';
import { pickCookieName } from './browser-binding';
import { frameKey } from './frame-origins';
import { contentItems, deepLinkingResponse } from './deep-linking';
import { isInstructor, lmsCourseKey } from './landing';
import { sha256, type LaunchItem, type PickItem } from './lti-items';
import type { LtiStore } from './lti-store';
import { PICKER } from './messages';
import { fillRelay, relayFor } from './relay';

// Deep Linking's picker (issue 45 item 3, docs/lti.md "Deep Linking"). An Instructor's LtiDeepLinkingRequest,
// once it signed them in (sign-in.ts), opens a picker: a single-use ticket, bound to that browser by a cookie
// (or, inside the LMS's iframe, by a proof the frame keeps) and to the account it signed in, keeping the request's return URL and `data` server-side. The SPA lists the
// teacher's own courses with it; the teacher's choice comes back with it and nothing else: Mentora checks the
// courses are that account's own, spends the ticket, and signs the answer itself. Nobody can have Mentora sign
// items without the verified request's ticket and browser, choose where the answer goes, or change its `data`.

/** How long the teacher has to choose (the LMS's own dialog usually waits as long). */
export const PICK_TTL_S = 1800;

export interface PickerDeps {
  store: LtiStore;
  aulas: Pick<LmsAulas, 'catalogue' | 'link'>;
  /** Signs with the tool's current key (ToolKeys.sign). */
  sign(payload: JWTPayload): Promise<string>;
  site: { origin: string };
  now: () => Date;
}

/**
 * What the sign-in hands the browser: the ticket, and the picker's browser binding. Top-level, a cookie
 * (SameSite=Strict, never in a body). Opened inside the LMS's iframe (the launch finished there, where no cookie
 * is kept), a proof, `prueba`, that the SPA keeps in the frame's sessionStorage and sends in the body of the
 * picker's calls and form post (never in an address), and `marco`, the registration's key in the frame store
 * (frame-origins.ts) that lets that platform frame /lti/elegir.
 */
export type PickerOpened =
  | { ticket: string; cookie: { name: string; value: string; maxAge: number }; prueba?: undefined }
  | { ticket: string; prueba: string; marco: string; cookie?: undefined };

/** The picker's browser, as a request shows it: its cookies, the proof in its body, its Origin header. */
export interface PickerBrowser {
  cookie: (name: string) => string | undefined;
  prueba?: string;
  origin?: string;
}

const nowS = (deps: { now: () => Date }) => Math.floor(deps.now().getTime() / 1000);
// Not 401: the list is a signed-in call, and the SPA reads a 401 as its session ending (it would sign the teacher out).
const spent = () => new AppError(410, PICKER.ticketUnknown, 'Gone');

/** Called by the sign-in of a deep-linking launch: the picker's ticket and its binding (a cookie, or in the frame a proof). */
export async function openPicker(deps: Pick<PickerDeps, 'store' | 'now'>, launch: LaunchItem, userId: string): Promise<PickerOpened> {
  // launch.ts refuses a deep-linking request from anyone but an Instructor; checked again where it matters.
  if (!launch.deepLinking || !isInstructor(launch.roles)) throw forbidden(PICKER.teachersOnly);
  const ticket = randomBytes(32).toString('base64url');
  const value = randomBytes(32).toString('base64url');
  // Opened in a new tab by a framed page that waits for the answer: the relay made for this very launch, if any.
  const relevo = launch.marco ? undefined : await relayFor(deps, launch);
  await deps.store.openPick(ticket, {
    issuer: launch.issuer, clientId: launch.clientId, ...(launch.registro && { registro: launch.registro }), deploymentId: launch.deploymentId, userId,
    contextId: launch.contextId, contextTitle: launch.contextTitle,
    returnUrl: launch.deepLinking.returnUrl, acceptMultiple: launch.deepLinking.acceptMultiple,
    ...(launch.deepLinking.data !== undefined && { data: launch.deepLinking.data }),
    navegador: sha256(value), ...(launch.marco && { marco: launch.marco }), ...(relevo && { relevo }), expiresAt: nowS(deps) + PICK_TTL_S,
  });
  if (launch.marco) return { ticket, prueba: value, marco: frameKey(launch.issuer, launch.clientId) };
  return { ticket, cookie: { name: pickCookieName(ticket), value, maxAge: PICK_TTL_S } };
}

/**
 * The picker's ticket, unspent and unexpired, in its browser (and, when the caller is known, for that account).
 * A top-level picker's browser is its cookie; a framed one's, its proof (a cookie pick never takes a proof, so
 * its value, which never left the HttpOnly cookie, is the only way in).
 */
async function livePick(deps: Pick<PickerDeps, 'store' | 'now'>, browser: PickerBrowser, ticket: string, userId?: string): Promise<PickItem> {
  const pick = await deps.store.pick(ticket);
  if (!pick || pick.expiresAt <= nowS(deps)) throw spent();
  const value = pick.marco ? browser.prueba : browser.cookie(pickCookieName(ticket));
  if (!value || sha256(value) !== pick.navegador) throw forbidden(PICKER.otherBrowser);
  if (userId !== undefined && userId !== pick.userId) throw forbidden(PICKER.otherAccount);
  return pick;
}

export interface PickerOptions {
  plataforma: string;
  curso?: string;
  varios: boolean;
  cursos: LmsLinkable[];
}

/** POST /lti/seleccion/opciones: what the signed-in teacher may link (their own written courses); spends nothing. */
export async function pickerOptions(deps: PickerDeps, browser: PickerBrowser, userId: string, ticket: string): Promise<PickerOptions> {
  const pick = await livePick(deps, browser, ticket, userId);
  return { plataforma: new URL(pick.issuer).host, ...(pick.contextTitle && { curso: pick.contextTitle }), varios: pick.acceptMultiple, cursos: await deps.aulas.catalogue(pick.userId) };
}

/**
 * The signed answer, where it goes, and (a picker in the LMS's iframe) who may frame the page that posts it;
 * `relevado`: it went to the framed page's relay instead (relay.ts): this tab posts nothing.
 */
export interface PickerAnswer { returnUrl: string; jwt: string; marco?: string[]; relevado?: boolean }

/**
 * POST /lti/seleccion: the teacher's picks (none: they cancelled) become the signed LtiDeepLinkingResponse the
 * browser posts back to the platform. Every refusal before the ticket is spent; adding a course to the aula
 * again is harmless, so the ticket is spent after it, and only one answer is ever signed per ticket.
 */
export async function answerPicker(deps: PickerDeps, browser: PickerBrowser, ticket: string, picks: LmsPick[]): Promise<PickerAnswer> {
  const pick = await livePick(deps, browser, ticket);
  // A framed picker's proof rides in a form's body, which any site could post: only Mentora's own page may.
  if (pick.marco && browser.origin !== deps.site.origin) throw forbidden(PICKER.otherPage);
  if (picks.length > 1 && !pick.acceptMultiple) throw badRequest(PICKER.onlyOne);
  let courses: LmsLinkable[] = [];
  if (picks.length) {
    if (!pick.contextId) throw badRequest(PICKER.noCourse);
    const linked = await deps.aulas.link(pick.userId, { key: lmsCourseKey(pick, pick.contextId), titulo: pick.contextTitle }, picks);
    if ('noEsTuyo' in linked) throw new AppError(404, PICKER.notYours, 'NotFound');
    if ('otroProfesor' in linked) throw conflict(PICKER.otherTeacher);
    if ('demasiados' in linked) throw conflict(PICKER.tooMany(linked.demasiados));
    courses = linked.cursos;
  }
  if (!(await deps.store.takePick(ticket, nowS(deps)))) throw spent();
  const jwt = await deps.sign(deepLinkingResponse(pick, contentItems(deps.site.origin, courses, picks), deps.now()));
  // The framed page waits for it (the LMS's return page must be reached from its dialog); a relay already filled or
  // expired leaves this tab to post it, as before.
  if (pick.relevo && (await fillRelay(deps, pick.relevo, jwt))) return { returnUrl: pick.returnUrl, jwt, relevado: true };
  return { returnUrl: pick.returnUrl, jwt, ...(pick.marco && { marco: pick.marco }) };
}

/**
 * Who may frame a refusal of the picker's post: the framed picker's platform while its ticket is readable (its
 * teacher reads why in the dialog); nobody otherwise (an unknown or spent ticket tells nothing to anyone).
 */
export async function refusalFramers(deps: Pick<PickerDeps, 'store'>, ticket: string | undefined): Promise<string[]> {
  if (!ticket) return [];
  const pick = await deps.store.pick(ticket).catch(() => undefined);
  return pick?.marco ?? [];
}
