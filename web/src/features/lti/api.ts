import { loadRuntimeConfig } from '../../config/runtime-config';
import { call } from '../../lib/api';
import type { LtiPlatformRequest, LtiPlatformUpdate } from '../../../../lambdas/contract/lti';

// The SPA's LTI calls (issue 45, docs/lti.md "Signing in", "Deep Linking"): the launch's ticket becomes a session,
// or links the signed-in account to the LMS identity; the deep-linking picker lists what the teacher may link.
export const ltiApi = {
  enter: (ticket: string, cuentaNueva: boolean, prueba?: string, confirmado = false) =>
    call('POST /lti/sesion', { body: { ticket, cuentaNueva, ...(prueba && { prueba }), ...(confirmado && { confirmado }) } }),
  link: (ticket: string, prueba?: string) => call('POST /lti/vincular', { body: { ticket, ...(prueba && { prueba }) } }),
  pickerOptions: (ticket: string, prueba?: string) => call('POST /lti/seleccion/opciones', { body: { ticket, ...(prueba && { prueba }) } }),
  /** A registration's owner (docs/lti.md "Who can register a platform"): the page /lti/plataformas. */
  platforms: async () => (await call('GET /lti/plataformas', {})).data,
  registerPlatform: async (body: LtiPlatformRequest) => call('POST /lti/plataformas', { body }),
  updatePlatform: async (id: string, body: LtiPlatformUpdate) => call('PUT /lti/plataformas/{id}', { params: { id }, body }),
  deletePlatform: async (id: string) => (await call('DELETE /lti/plataformas/{id}', { params: { id } })).message,
  /** Where the picker's form posts (POST /lti/seleccion): a navigation, whose answer is the page that returns to the LMS. */
  pickerAction: async () => `${(await loadRuntimeConfig()).apiUrl.replace(/\/$/, '')}/lti/seleccion`,
};
