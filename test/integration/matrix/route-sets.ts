import { routeKey, routes, type Route } from '../../../lambdas/contract';

// The route table as the matrix reads it: which routes are public, and how to call any route
// with made-up path parameters. Every list here is derived from lambdas/contract/routes.ts.

/** The only routes anyone may call without a token (SPEC §7, password recovery and new codes, the contact form, Stripe's webhook, a certificate's verification, a shared course), pinned by hand. */
export const PINNED_PUBLIC = [
  'GET /certificados/{id}',
  // A shared course's page (issue 25, docs/sharing.md): whoever holds the link reads it signed out.
  'GET /compartidos/{shareId}',
  // The contact form (issue 34, docs/support.md): anyone writes to the operators.
  'POST /auth/contacto',
  'POST /auth/confirm',
  'POST /auth/forgot-password',
  'POST /auth/login',
  'POST /auth/loginsocial',
  'POST /auth/logout',
  'POST /auth/refresh',
  'POST /auth/register',
  'POST /auth/resend-code',
  'POST /auth/reset-password',
  'POST /payments/webhook',
  // Mentora as an LTI 1.3 tool (issue 45, docs/lti.md): a school's LMS, not a signed-in learner, calls these.
  'GET /lti/jwks',
  'GET /lti/login',
  'GET /lti/registro',
  'POST /lti/launch',
  'POST /lti/login',
  // The launch's landing (/lti/entrar): the ticket, bound to the launch's browser, is the credential.
  'POST /lti/sesion',
  // Deep Linking's picker post (/lti/elegir's form): its ticket, bound to the teacher's browser, is the credential.
  'POST /lti/seleccion',
];

export const keyOf = (route: Route) => routeKey(route);
export const publicInTable = () => routes.filter((r) => r.access === 'public').map(keyOf).sort();

/** Every route the pinned list says needs a token, whatever the table says today. */
export const guardedRoutes = () => routes.filter((r) => !PINNED_PUBLIC.includes(keyOf(r)));

/** A concrete path for a route, each `{param}` replaced by `value` (a made-up id by default). */
export const pathOf = (route: Pick<Route, 'path'>, values: Record<string, string> = {}) =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'id-inventado-1'));

export const pathParams = (route: Pick<Route, 'path'>) => [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

export const byKey = (key: string) => {
  const route = routes.find((r) => keyOf(r) === key);
  if (!route) throw new Error(`${key} is not in the route table`);
  return route;
};

/**
 * `check` for every item, a few at a time (the stack answers several requests at once; one by one the
 * matrix waited on each round trip in turn), answers in the items' order.
 */
export async function inBatches<T, R>(items: T[], check: (item: T) => Promise<R>, size = 8): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(check))));
  return out;
}
