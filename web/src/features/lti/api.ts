import { call } from '../../lib/api';

// The SPA's LTI calls (issue 45, docs/lti.md "Signing in"): the launch's ticket becomes a session, or links
// the signed-in account to the LMS identity.
export const ltiApi = {
  enter: (ticket: string, cuentaNueva: boolean) => call('POST /lti/sesion', { body: { ticket, cuentaNueva } }),
  link: (ticket: string) => call('POST /lti/vincular', { body: { ticket } }),
};
