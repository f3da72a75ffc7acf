// The route table: the single source of truth for the API. The CDK API, the local gateway,
// the web client's loading types and the SPEC contract test are all derived from it.
// Paths use API Gateway's `{param}` syntax and are relative to the `/api` prefix.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One Lambda per group. */
export type RouteGroup =
  | 'auth'
  | 'users'
  | 'courses'
  | 'lessons'
  | 'evaluations'
  | 'diplomado'
  | 'tutor'
  | 'social'
  | 'jobs'
  | 'payments'
  | 'review'
  | 'certificates'
  | 'materials'
  | 'aulas'
  | 'sharing'
  | 'scorm'
  | 'narration'
  | 'lti';

/** SPEC §9: the loading indicator type, chosen by URL. */
export type LoadingType =
  | 'auth'
  | 'generator'
  | 'suggestions'
  | 'progress'
  | 'general'
  | 'chat'
  | 'profile'
  | 'course'
  | 'evaluacion';

export interface Route {
  method: HttpMethod;
  path: string;
  group: RouteGroup;
  /** `public` routes skip the authorizer; everything else needs a Cognito access token. */
  access: 'public' | 'authenticated';
  loading: LoadingType;
  /**
   * Answered as a stream by its own function (a Lambda Function URL behind CloudFront; locally the
   * gateway's streaming path): docs/tutor.md "Streaming". The HTTP API keeps the same route as a
   * non-streamed fallback, so everything derived from this table stays as it was.
   */
  stream?: true;
  /**
   * What a call may spend beyond DynamoDB (issue 31): a model (`model`), Polly (`voz`), or storage and its
   * processing (`archivo`: an upload form whose file is extracted and embedded). The WAF's per-IP rule on
   * spending routes is derived from it (infra/aws/waf.ts), and the metering attack test sends each one.
   */
  spends?: 'model' | 'voz' | 'archivo';
}

// Generic so each row keeps its literal method and path: `RouteKey` below is the union of them, and
// the schema table (lambdas/contract/endpoints.ts) must have exactly one entry per key.
const r = <M extends HttpMethod, P extends string>(
  method: M,
  path: P,
  group: RouteGroup,
  loading: LoadingType,
  access: Route['access'] = 'authenticated',
): Route & { method: M; path: P } => ({ method, path, group, access, loading });

const table = [
  r('POST', '/auth/login', 'auth', 'auth', 'public'),
  r('POST', '/auth/loginsocial', 'auth', 'auth', 'public'),
  r('POST', '/auth/register', 'auth', 'auth', 'public'),
  r('POST', '/auth/confirm', 'auth', 'auth', 'public'),
  r('POST', '/auth/refresh', 'auth', 'auth', 'public'),
  // Public so a learner whose access token already expired can still end the session.
  r('POST', '/auth/logout', 'auth', 'auth', 'public'),
  // Not in the SPEC's call table: password recovery and a new confirmation code (issue 14).
  r('POST', '/auth/forgot-password', 'auth', 'general', 'public'),
  r('POST', '/auth/reset-password', 'auth', 'auth', 'public'),
  r('POST', '/auth/resend-code', 'auth', 'general', 'public'),
  // Issue 34: the contact form, open to anyone (lambdas/support, served by the auth Lambda).
  r('POST', '/auth/contacto', 'auth', 'general', 'public'),
  r('GET', '/users/me', 'users', 'general'),
  r('PUT', '/users/profile', 'users', 'profile'),
  // Not in the SPEC's call table: a signed-in learner changes their password (issue 14).
  r('POST', '/users/password', 'users', 'profile'),
  // Not in the SPEC's call table: the learner deletes the account or downloads all of its data,
  // and shows or hides one course's topic on the public profile (issue 14, GDPR).
  r('DELETE', '/users/me', 'users', 'profile'),
  r('GET', '/users/me/export', 'users', 'profile'),
  r('PUT', '/users/courses/{id}/visibility', 'users', 'general'),
  r('POST', '/users/upgrade-premium', 'payments', 'general'),
  { ...r('POST', '/courses/suggestions', 'courses', 'suggestions'), spends: 'model' },
  { ...r('POST', '/courses/plan', 'courses', 'generator'), spends: 'model' },
  r('GET', '/courses/{id}', 'courses', 'course'),
  r('GET', '/courses/my-courses', 'courses', 'general'),
  r('GET', '/courses/{id}/progress', 'courses', 'progress'),
  r('POST', '/courses/{id}/progress', 'courses', 'progress'),
  // Not in the SPEC's call table: generates a failed course again (issue 4 asks for a way to retry).
  { ...r('POST', '/courses/{id}/retry', 'courses', 'generator'), spends: 'model' },
  // Not in the SPEC's call table: the learner's edited outline, while the course waits for it (issue 15).
  { ...r('PUT', '/courses/{id}/outline', 'courses', 'general'), spends: 'model' },
  r('POST', '/courses/{id}/modules/{moduleId}/evaluation', 'evaluations', 'evaluacion'),
  // Issue 32 item 4: the Refuerzo guiado after an attempt (docs/learning.md): opened at once, or written by a model job.
  { ...r('POST', '/courses/{id}/modules/{moduleId}/refuerzo', 'evaluations', 'general'), spends: 'model' },
  r('POST', '/courses/{id}/modules/{moduleId}/refuerzo/respuesta', 'evaluations', 'general'),
  // Issue 32 item 5: the piece's open question, graded by a model job like a lesson's self-check.
  { ...r('POST', '/courses/{id}/modules/{moduleId}/refuerzo/abierta', 'evaluations', 'general'), spends: 'model' },
  { ...r('POST', '/lesson/generate', 'lessons', 'course'), spends: 'model' },
  { ...r('POST', '/evaluacion/generate', 'evaluations', 'evaluacion'), spends: 'model' },
  // Not in the SPEC's call table: "Reportar pregunta" from the result screen or review (issue 20).
  r('POST', '/evaluacion/reportar', 'evaluations', 'general'),
  { ...r('POST', '/diplomado/plan', 'diplomado', 'generator'), spends: 'model' },
  { ...r('POST', '/diplomado/course', 'diplomado', 'generator'), spends: 'model' },
  // Not in the SPEC's call table: the learner's programmes and one programme (issue 5).
  r('GET', '/diplomado', 'diplomado', 'general'),
  r('GET', '/diplomado/{id}', 'diplomado', 'general'),
  { ...r('POST', '/ai-tutor/chat', 'tutor', 'chat'), stream: true, spends: 'model' },
  r('GET', '/ai-tutor/context/{id}', 'tutor', 'chat'),
  // Not in the SPEC's call table: clears the conversation with the tutor for one course (issue 5).
  r('DELETE', '/ai-tutor/context/{id}', 'tutor', 'chat'),
  // Not in the SPEC's call table: 👍/👎 on a lesson or a tutor answer (issue 12), served by the tutor's Lambda.
  r('POST', '/feedback', 'tutor', 'general'),
  r('GET', '/social/users', 'social', 'general'),
  r('GET', '/social/users/search', 'social', 'general'),
  r('POST', '/social/connections', 'social', 'general'),
  // Not in the SPEC's call table: the rest of a connection's life (issue 6).
  r('GET', '/social/connections', 'social', 'general'),
  r('POST', '/social/connections/{userId}/accept', 'social', 'general'),
  r('POST', '/social/connections/{userId}/decline', 'social', 'general'),
  r('DELETE', '/social/connections/{userId}', 'social', 'general'),
  // Not in the SPEC's call table: the courses two connections sent each other, and sending one (issue 34).
  r('GET', '/social/connections/{userId}/courses', 'social', 'general'),
  r('POST', '/social/connections/{userId}/courses', 'social', 'general'),
  r('GET', '/jobs/{id}', 'jobs', 'general'),
  // Plans and payments (issue 7); not in the SPEC's call table, which leaves them unspecified.
  r('GET', '/payments/plan', 'payments', 'general'),
  // Public: Stripe calls it; the handler verifies the Stripe signature on the raw body instead.
  r('POST', '/payments/webhook', 'payments', 'general', 'public'),
  r('GET', '/payments/history', 'payments', 'general'),
  r('GET', '/payments/methods', 'payments', 'general'),
  r('POST', '/payments/methods', 'payments', 'general'),
  r('PUT', '/payments/methods/{id}/default', 'payments', 'general'),
  r('DELETE', '/payments/methods/{id}', 'payments', 'general'),
  // Stripe's customer portal: cancel at period end, resume, change the card (issue 14) → { url }.
  r('POST', '/payments/portal', 'payments', 'general'),
  r('GET', '/payments/billing', 'payments', 'general'),
  r('PUT', '/payments/billing', 'payments', 'profile'),
  // Not in the SPEC's call table: spaced review of mistakes, weekly goal and streak (issue 15, docs/review.md).
  r('GET', '/review/due', 'review', 'general'),
  r('GET', '/review/summary', 'review', 'general'),
  r('POST', '/review/{cardId}/reveal', 'review', 'general'),
  r('POST', '/review/{cardId}', 'review', 'general'),
  // Issue 32: a self-check answered in the learner's own words, graded by a model job (docs/learning.md).
  { ...r('POST', '/courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check', 'review', 'general'), spends: 'model' },
  // Issue 32: the Mapa de dominio of a course and the dashboard's next step, from the learner model (docs/learning.md).
  r('GET', '/courses/{id}/mastery', 'review', 'general'),
  r('GET', '/courses/next-step', 'review', 'general'),
  // Not in the SPEC's call table: certificates (issue 15, docs/certificates.md); the verification is public.
  r('GET', '/certificates', 'certificates', 'general'),
  r('GET', '/certificates/{id}/pdf', 'certificates', 'general'),
  r('GET', '/certificados/{id}', 'certificates', 'general', 'public'),
  // Not in the SPEC's call table: "Mis materiales", documents the learner owns (issue 24, docs/materials.md).
  { ...r('POST', '/materials', 'materials', 'general'), spends: 'archivo' },
  r('GET', '/materials', 'materials', 'general'),
  r('GET', '/materials/{id}', 'materials', 'general'),
  r('DELETE', '/materials/{id}', 'materials', 'general'),
  // Not in the SPEC's call table: aulas, a teacher and a group (issue 25, docs/aulas.md).
  r('POST', '/aulas', 'aulas', 'general'),
  r('GET', '/aulas', 'aulas', 'general'),
  r('DELETE', '/aulas/{id}', 'aulas', 'general'),
  r('PUT', '/aulas/{id}/asignaciones', 'aulas', 'general'),
  r('GET', '/aulas/invitacion/{code}', 'aulas', 'general'),
  r('POST', '/aulas/join', 'aulas', 'general'),
  r('DELETE', '/aulas/{id}/membership', 'aulas', 'general'),
  r('POST', '/aulas/{id}/copias', 'aulas', 'general'),
  r('GET', '/aulas/{id}/grupo', 'aulas', 'general'),
  r('GET', '/aulas/{id}/miembros/{userId}', 'aulas', 'general'),
  // An LMS course's aula (issue 45, docs/lti.md "Grades"): the scores sent to the LMS, and sending one again.
  r('GET', '/aulas/{id}/lms', 'aulas', 'general'),
  r('POST', '/aulas/{id}/lms/reintentar', 'aulas', 'general'),
  // The LMS course's roster (NRPS, docs/lti.md "Roster"), imported by the lti room (it holds the tool's keys for the
  // platform's token); GET /aulas/{id}/lms answers it with the scores (a route is two of the stack's 500 resources).
  r('POST', '/aulas/{id}/lms/miembros', 'lti', 'general'),
  // Not in the SPEC's call table: a course shared by link and copied (issue 25, docs/sharing.md). The read is
  // public (no sign-in) and throttled tightly (infra/aws/api.ts SHARE_ROUTE_THROTTLE, the WAF's share rule).
  r('POST', '/courses/{id}/share', 'sharing', 'general'),
  r('DELETE', '/courses/{id}/share', 'sharing', 'general'),
  r('GET', '/compartidos/{shareId}', 'sharing', 'course', 'public'),
  r('POST', '/compartidos/{shareId}/copy', 'sharing', 'course'),
  // Not in the SPEC's call table: the owner's course as a SCORM 1.2 package for a school's LMS (issue 25, docs/scorm.md).
  r('GET', '/courses/{id}/scorm', 'scorm', 'general'),
  // Not in the SPEC's call table: lessons read aloud and a tutor that speaks (issue 26, docs/narration.md).
  { ...r('POST', '/courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration', 'narration', 'general'), spends: 'voz' },
  r('GET', '/courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration', 'narration', 'general'),
  { ...r('POST', '/ai-tutor/context/{id}/voz', 'narration', 'general'), spends: 'voz' },
  { ...r('GET', '/narration/voices/{voz}/sample', 'narration', 'general'), spends: 'voz' },
  // Not in the SPEC's call table: Mentora as an LTI 1.3 tool in a school's LMS (issue 45, docs/lti.md). The
  // platform's browser calls login and launch (form posts, no Mentora session yet); the key set is public.
  r('GET', '/lti/jwks', 'lti', 'general', 'public'),
  r('GET', '/lti/login', 'lti', 'general', 'public'),
  r('POST', '/lti/login', 'lti', 'general', 'public'),
  r('POST', '/lti/launch', 'lti', 'general', 'public'),
  // A registration's owner lists, registers, changes (deployments, moved keys) and deletes their platforms.
  r('GET', '/lti/plataformas', 'lti', 'general'),
  r('POST', '/lti/plataformas', 'lti', 'general'),
  r('PUT', '/lti/plataformas/{id}', 'lti', 'general'),
  r('DELETE', '/lti/plataformas/{id}', 'lti', 'general'),
  // Dynamic Registration: the LMS opens it in the administrator's browser, with its own registration token.
  r('GET', '/lti/registro', 'lti', 'general', 'public'),
  // The SPA's /lti/entrar: the launch's ticket becomes a session (no session yet), or links the signed-in account.
  r('POST', '/lti/sesion', 'lti', 'auth', 'public'),
  r('POST', '/lti/vincular', 'lti', 'auth'),
  // Deep Linking's picker (/lti/elegir): the teacher's own courses; the choice is the picker's form post (its
  // ticket, bound to the browser, is the credential), answered by the page that posts it back to the LMS.
  r('POST', '/lti/seleccion/opciones', 'lti', 'general'),
  r('POST', '/lti/seleccion', 'lti', 'general', 'public'),
] as const;

export const routes: readonly Route[] = table;

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** `GET /courses/{id}`: a route's method and path, the key of every per-route table. */
export type RouteKey = KeyOf<(typeof table)[number]>;

export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** Matches a concrete path (no `/api` prefix) to a route, returning its path parameters. */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const parts = path.replace(/\/+$/, '').split('/');
  let best: { route: Route; params: Record<string, string>; literal: number } | undefined;
  for (const route of routes) {
    if (route.method !== method) continue;
    const tmpl = route.path.split('/');
    if (tmpl.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literal = 0;
    const ok = tmpl.every((seg, i) => {
      if (seg.startsWith('{') && seg.endsWith('}')) {
        if (!parts[i]) return false;
        params[seg.slice(1, -1)] = decodeURIComponent(parts[i]);
        return true;
      }
      literal++;
      return seg === parts[i];
    });
    // A literal segment beats a parameter: /courses/my-courses is not /courses/{id}.
    if (ok && (!best || literal > best.literal)) best = { route, params, literal };
  }
  return best && { route: best.route, params: best.params };
}

/** SPEC §9: loading type for a request URL, `general` when no route matches. */
export function loadingTypeFor(method: string, url: string): LoadingType {
  const path = url.split('?')[0].replace(/^\/api(?=\/)/, '');
  return matchRoute(method.toUpperCase(), path)?.route.loading ?? 'general';
}

export const loadingMessages: Record<LoadingType, string> = {
  auth: 'Iniciando sesión...',
  generator: 'Creando tu curso personalizado...',
  suggestions: 'Generando sugerencias de curso...',
  progress: 'Guardando progreso...',
  general: 'Cargando contenido...',
  chat: 'Conectando con el tutor...',
  profile: 'Actualizando perfil...',
  course: 'Cargando datos de la clase...',
  evaluacion: 'Cargando evaluación...',
};
