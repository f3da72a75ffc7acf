import * as z from 'zod';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok, type HttpEvent } from '../shared/http';
import { bindingCookie, cookieValue } from './browser-binding';
import { formOf } from './form';
import { completeLaunch } from './launch';
import { initiateLogin } from './login';
import { dynamoLtiStore } from './lti-store';
import { registerDynamically } from './dynamic-registration';
import { registerPlatform } from './platforms';
import { secretsManagerToolKeys } from './tool-keys';
import { ltiPlatformRequest } from '../contract';

// LTI 1.3 (issue 45, docs/lti.md): the tool's key set, the platform's login initiation and launch, and a
// platform's manual registration. Login and launch answer with a redirect the platform's browser follows.

const config = readConfig({
  TABLE_NAME: tableName,
  SITE_URL: z.url(),
  LTI_KEYS_SECRET_ARN: z.string().min(1),
  /** Comma-separated URL schemes a platform may use; https only unless set (the local stack adds http). */
  LTI_PLATFORM_SCHEMES: z.string().default('https:'),
});

const store = dynamoLtiStore(documentClient(), config.TABLE_NAME);
const site = { origin: new URL(config.SITE_URL).origin };
const keys = secretsManagerToolKeys(config.LTI_KEYS_SECRET_ARN);
const deps = { store, site, now: clock.now, schemes: config.LTI_PLATFORM_SCHEMES.split(',').map((s) => s.trim()) };

const redirect = (location: string, setCookie: string) => ({
  status: 302,
  body: { success: true, redireccion: location },
  headers: { location, 'set-cookie': setCookie },
});

const login = async (event: HttpEvent) => {
  const answer = await initiateLogin(deps, formOf(event));
  return redirect(answer.location, bindingCookie(answer.cookie.name, answer.cookie.value, answer.cookie.maxAge));
};

export const handler = createHandler('lti', {
  'GET /lti/jwks': endpoint({ handle: async () => ({ body: await keys.jwks(), headers: { 'cache-control': 'public, max-age=300' } }) }),
  'GET /lti/login': endpoint({ handle: ({ event }) => login(event) }),
  'POST /lti/login': endpoint({ handle: ({ event }) => login(event) }),
  'POST /lti/launch': endpoint({
    handle: async ({ event }) => {
      const form = formOf(event);
      const answer = await completeLaunch(deps, {
        idToken: form.id_token,
        state: form.state,
        cookie: (name) => cookieValue(event.cookies, event.headers?.cookie, name),
      });
      return redirect(answer.location, bindingCookie(answer.clearCookie, '', 0));
    },
  }),
  // The platform's registration window: reads its configuration, registers with its token (docs/lti.md).
  'GET /lti/registro': endpoint({
    handle: async ({ event }) =>
      ok({ data: await registerDynamically({ ...deps, fetch: globalThis.fetch }, formOf(event)), message: 'Mentora quedó registrada en tu plataforma. Ya puedes cerrar esta ventana.' }, 201),
  }),
  'POST /lti/plataformas': endpoint({
    body: ltiPlatformRequest,
    handle: async ({ userId, body }) => ok({ data: await registerPlatform(deps, userId, body), message: 'Plataforma LTI registrada.' }, 201),
  }),
});
