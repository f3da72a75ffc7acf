import * as z from 'zod';
import { aulaIdParam, dynamoLmsAulas } from '../aulas';
import { dynamoProofStore, signInWithoutPassword } from '../auth';
import { ltiEntryRequest, ltiLinkRequest, ltiPickerRequest, ltiPlatformRequest, ltiPlatformUpdate } from '../contract';
import { dynamoLmsGrades } from '../lms-grades';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { cognitoClient } from '../shared/cognito-client';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok, type HttpEvent, type Reply } from '../shared/http';
import { dynamoUserStore } from '../user-profile';
import { AppError } from '../shared/errors';
import { bindingCookie, cookieValue, entryCookie, pickCookie } from './browser-binding';
import { closePage, closePolicy, registrationOrigins, registrationRefusalPage } from './close-page';
import { cognitoAccountCreator } from './cognito-accounts';
import { registerDynamically } from './dynamic-registration';
import { formOf } from './form';
import { framePage, framePolicy, relayWaitingPage } from './frame-page';
import { registrationsPublishedTo } from './frame-store';
import { framedEntryPage, framedEntryPolicy, launchStoragePage, launchStoragePolicy, loginStoragePage, loginStoragePolicy } from './platform-storage';
import { framedRequest } from './framing';
import { landing } from './landing';
import { completeLaunch } from './launch';
import { initiateLogin } from './login';
import { pickerChoice } from './picker-form';
import { answerPicker, openPicker, pickerOptions, refusalFramers, type PickerDeps } from './picker';
import { refusalPage, refusalPolicy, relayedPage, returnPage, returnPolicy } from './return-page';
import { takeRelay } from './relay';
import { deletePlatform, listPlatforms, registerPlatform, updatePlatform } from './platforms';
import { importRoster, type RosterImportDeps } from './roster-import';
import { enterWithTicket, linkWithTicket, type EntryDeps } from './sign-in';
import { secretsManagerToolKeys } from './tool-keys';

// LTI 1.3 (issue 45, docs/lti.md): the tool's key set, the platform's login initiation and launch, a
// platform's registration, and the SPA's /lti/entrar calls that turn a launch's ticket into a session. Login
// and launch answer with a redirect the platform's browser follows (inside an iframe, the launch with a page).

const config = readConfig({
  TABLE_NAME: tableName,
  SITE_URL: z.url(),
  LTI_KEYS_SECRET_ARN: z.string().min(1),
  /** Comma-separated URL schemes a platform may use; https only unless set (the local stack adds http). */
  LTI_PLATFORM_SCHEMES: z.string().default('https:'),
  /** The pool and web app client a launch signs its account in to (docs/lti.md "Signing in"). */
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** CloudFront's KeyValueStore of the registrations' frame origins (docs/lti.md "Inside the LMS's iframe"). */
  LTI_FRAME_STORE_ARN: z.string().min(1).optional(),
});

const db = documentClient();
// A registration written (by hand or by Dynamic Registration) publishes its origins for CloudFront (frame-store.ts).
const store = registrationsPublishedTo(db, config.TABLE_NAME, config.LTI_FRAME_STORE_ARN);
const site = { origin: new URL(config.SITE_URL).origin };
const keys = secretsManagerToolKeys(config.LTI_KEYS_SECRET_ARN);
/** Where the picker's form, and a framed deep-linking page's "Ya elegí", post (POST /lti/seleccion). */
const pickerUrl = `${site.origin}/api/lti/seleccion`;
const deps = { store, site, now: clock.now, schemes: config.LTI_PLATFORM_SCHEMES.split(',').map((s) => s.trim()) };

const users = dynamoUserStore(db, config.TABLE_NAME);
const lmsAulas = dynamoLmsAulas(db, config.TABLE_NAME, clock.now);
const picker: PickerDeps = { store, aulas: lmsAulas, sign: (payload) => keys.sign(payload), site, now: clock.now };
const oneTime = { cognito: cognitoClient(), proofs: dynamoProofStore(db, config.TABLE_NAME), userPoolId: config.USER_POOL_ID, clientId: config.USER_POOL_CLIENT_ID, now: clock.now };
const entry: EntryDeps = {
  store,
  accounts: cognitoAccountCreator(oneTime.cognito, config.USER_POOL_ID),
  ensureProfile: (user) => users.ensure(user),
  profile: (userId) => users.get(userId),
  signIn: (userId) => signInWithoutPassword(oneTime, userId),
  land: landing(lmsAulas, dynamoLmsGrades(db, config.TABLE_NAME)),
  openPicker: (launch, userId) => openPicker(picker, launch, userId),
  now: clock.now,
};

const PENDING_MESSAGE = 'Plataforma LTI guardada, pendiente de aprobación: su conjunto de claves (JWKS) no está en el sitio del emisor. Sus lanzamientos no entran hasta que Mentora la apruebe.';

// The LMS course's roster (docs/lti.md "Roster"): the platform's token is signed with the tool's keys, held here.
const rosterImport: RosterImportDeps = {
  aulas: lmsAulas, roster: dynamoLmsGrades(db, config.TABLE_NAME), store, keys, fetch: globalThis.fetch, now: clock.now, schemes: deps.schemes,
};

/** The picker's cookie rides on the answer that opened it (a deep-linking launch's sign-in), never in its body. */
function arrived<T extends object>(answer: T) {
  if (!('galleta' in answer) || !answer.galleta) return { body: answer, cookies: undefined };
  const { galleta, ...rest } = answer as T & { galleta: { name: string; value: string; maxAge: number } };
  return { body: rest, cookies: [pickCookie(galleta.name, galleta.value, galleta.maxAge)] };
}

const redirect = (location: string, setCookie: string) => ({
  status: 302,
  body: { success: true, redireccion: location },
  headers: { location, 'set-cookie': setCookie },
});

/** The cookies the browser sent, by name. */
const browserOf = (event: HttpEvent) => (name: string) => cookieValue(event.cookies, event.headers?.cookie, name);

const login = async (event: HttpEvent) => {
  const answer = await initiateLogin(deps, formOf(event));
  const cookie = bindingCookie(answer.cookie.name, answer.cookie.value, answer.cookie.maxAge);
  // With the platform's storage: a page (in the LMS's iframe) that stores the values, then goes on to `location`.
  if (answer.storage) {
    return { body: {}, html: loginStoragePage(answer.storage.page), headers: { 'content-security-policy': loginStoragePolicy(answer.storage.frameAncestors), 'set-cookie': cookie } };
  }
  return redirect(answer.location, cookie);
};

export const handler = createHandler('lti', {
  'GET /lti/jwks': endpoint({ handle: async () => ({ body: await keys.jwks(), headers: { 'cache-control': 'public, max-age=300' } }) }),
  'GET /lti/login': endpoint({ handle: ({ event }) => login(event) }),
  'POST /lti/login': endpoint({ handle: ({ event }) => login(event) }),
  'POST /lti/launch': endpoint({
    handle: async ({ event }): Promise<Reply> => {
      const form = formOf(event);
      const answer = await completeLaunch(deps, {
        idToken: form.id_token,
        state: form.state,
        error: form.error,
        errorDescription: form.error_description,
        cookie: browserOf(event),
        framed: framedRequest(event.headers),
        ...('almacen_vinculo' in form && { storage: { vinculo: form.almacen_vinculo, nonce: form.almacen_nonce } }),
        ...(form.llevar === '1' && { carry: true }),
        origin: event.headers?.origin,
      });
      if (answer.kind === 'new-window') {
        const relay = answer.relevo ? { action: pickerUrl, secret: answer.relevo } : undefined;
        return { body: {}, html: framePage(answer.loginUrl, relay), headers: { 'content-security-policy': framePolicy(answer.frameAncestors, relay && site.origin) } };
      }
      if (answer.kind === 'storage-check') {
        return { body: {}, html: launchStoragePage(answer.page), headers: { 'content-security-policy': launchStoragePolicy(answer.frameAncestors, site.origin) } };
      }
      // Read by the launch's own page (same origin); never a redirect, so no other page can take it anywhere.
      if (answer.kind === 'stored') return { body: { success: true, destino: answer.destino, ticket: answer.ticket, prueba: answer.prueba }, headers: { 'cache-control': 'no-store' } };
      if (answer.kind === 'framed') {
        const { destino, ticket, prueba } = answer;
        return {
          body: {},
          html: framedEntryPage({ destino, ticket, prueba }),
          headers: { 'content-security-policy': framedEntryPolicy(answer.frameAncestors), 'cache-control': 'no-store', 'set-cookie': bindingCookie(answer.clearCookie, '', 0) },
        };
      }
      const { entryCookie: e } = answer;
      return { ...redirect(answer.location, bindingCookie(answer.clearCookie, '', 0)), cookies: [entryCookie(e.name, e.value, e.maxAge)] };
    },
  }),
  // The platform's registration window: reads its configuration, registers with its token (docs/lti.md).
  // A browser's window (Accept: text/html) gets a page, framable by the platform, that closes it (close-page.ts).
  'GET /lti/registro': endpoint({
    handle: async ({ event }): Promise<Reply> => {
      const params = formOf(event);
      const message = 'Mentora quedó registrada en tu plataforma. Ya puedes cerrar esta ventana.';
      if (!/\btext\/html\b/.test(event.headers?.accept ?? '')) return ok({ data: await registerDynamically({ ...deps, fetch: globalThis.fetch }, params), message }, 201);
      try {
        const data = await registerDynamically({ ...deps, fetch: globalThis.fetch }, params);
        return { status: 201, body: {}, html: closePage(message), headers: { 'content-security-policy': closePolicy(registrationOrigins(params.openid_configuration, data.issuer)) } };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { status: error.status, body: {}, html: registrationRefusalPage(error.message), headers: { 'content-security-policy': closePolicy(registrationOrigins(params.openid_configuration)) } };
      }
    },
  }),
  'POST /lti/sesion': endpoint({
    body: ltiEntryRequest,
    handle: async ({ event, body }) => {
      const { body: answer, cookies } = arrived(await enterWithTicket(entry, browserOf(event), body.ticket, body.cuentaNueva ?? false, body.prueba, body.confirmado));
      return { ...ok({ ...answer }), ...(cookies && { cookies }) };
    },
  }),
  'POST /lti/vincular': endpoint({
    body: ltiLinkRequest,
    handle: async ({ event, userId, body }) => {
      const { body: answer, cookies } = arrived(await linkWithTicket(entry, browserOf(event), userId, body.ticket, body.prueba));
      return { ...ok({ ...answer, message: 'Tu cuenta de Mentora quedó vinculada a tu plataforma.' }), ...(cookies && { cookies }) };
    },
  }),
  // Deep Linking (docs/lti.md "Deep Linking"): the picker's list, then its form post, answered by the page
  // that posts the signed response back to the platform (a refusal is a page too: the teacher reads it).
  'POST /lti/seleccion/opciones': endpoint({
    body: ltiPickerRequest,
    handle: async ({ event, userId, body }) => ok({ ...(await pickerOptions(picker, { cookie: browserOf(event), prueba: body.prueba }, userId, body.ticket)) }),
  }),
  'POST /lti/seleccion': endpoint({
    handle: async ({ event }) => {
      const form = formOf(event);
      try {
        // The framed page's "Ya elegí" (relay.ts): the answer the new tab's picker left for it, posted from the frame.
        if (form.relevo !== undefined && form.ticket === undefined) {
          const relay = await takeRelay(picker, form.relevo, event.headers?.origin);
          if (relay.kind === 'esperando') {
            return { status: 409, body: {}, html: relayWaitingPage({ action: pickerUrl, secret: form.relevo }, relay.pestana), headers: { 'content-security-policy': framePolicy(relay.marco, site.origin) } };
          }
          return { body: {}, html: returnPage(relay.returnUrl, relay.jwt), headers: { 'content-security-policy': returnPolicy(relay.returnUrl, relay.marco) } };
        }
        const choice = pickerChoice(form);
        const answer = await answerPicker(picker, { cookie: browserOf(event), prueba: choice.prueba, origin: event.headers?.origin }, choice.ticket, choice.picks);
        if (answer.relevado) return { body: {}, html: relayedPage(), headers: { 'content-security-policy': refusalPolicy() } };
        return { body: {}, html: returnPage(answer.returnUrl, answer.jwt), headers: { 'content-security-policy': returnPolicy(answer.returnUrl, answer.marco) } };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Inside the LMS's iframe the teacher reads the refusal there (its platform may frame it).
        const framers = await refusalFramers(picker, form.ticket);
        return { status: error.status, body: {}, html: refusalPage(error.message), headers: { 'content-security-policy': refusalPolicy(framers) } };
      }
    },
  }),
  'POST /aulas/{id}/lms/miembros': endpoint({
    handle: async ({ userId, params }) => ok({ ...(await importRoster(rosterImport, userId, aulaIdParam(params.id))) }),
  }),
  // A registration's owner (docs/lti.md "Who can register a platform"): the SPA's /cuenta/plataformas-lti.
  'GET /lti/plataformas': endpoint({ handle: async ({ userId }) => ok({ data: await listPlatforms(deps, userId) }) }),
  'POST /lti/plataformas': endpoint({
    body: ltiPlatformRequest,
    handle: async ({ userId, body }) => {
      const data = await registerPlatform(deps, userId, body);
      return ok({ data, message: data.estado === 'activa' ? 'Plataforma LTI registrada.' : PENDING_MESSAGE }, 201);
    },
  }),
  'PUT /lti/plataformas/{id}': endpoint({
    body: ltiPlatformUpdate,
    handle: async ({ userId, params, body }) => {
      const data = await updatePlatform(deps, userId, params.id, body);
      return ok({ data, message: data.estado === 'activa' ? 'Plataforma LTI actualizada.' : PENDING_MESSAGE });
    },
  }),
  'DELETE /lti/plataformas/{id}': endpoint({
    handle: async ({ userId, params }) => {
      await deletePlatform(deps, userId, params.id);
      return ok({ message: 'Plataforma LTI eliminada: sus lanzamientos ya no entran en Mentora.' });
    },
  }),
});
