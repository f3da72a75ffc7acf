import * as z from 'zod';
import type { RosterMember, RosterRole, RosterSource } from '../lms-grades';
import { memberHash } from '../lms-grades';
import { AppError } from '../shared/errors';
import { INSTRUCTOR_ROLES, NRPS_SCOPE } from './claims';
import type { PlatformItem } from './lti-items';
import { accessToken, forgetToken, PlatformError, type TokenDeps } from './platform-token';

// Reading an LMS course's members (Names and Role Provisioning Services 2.0, §2-§3): GET the context's membership
// URL with the platform's access token (scope contextmembership.readonly), following `Link: <…>; rel="next"` page by
// page. Every page is bounded: a timeout per request and for the whole read, a size per page, a number of pages and
// of members, and the next page must be on the membership URL's own origin (it gets the token too), so a platform
// answering an endless chain, a huge page, a redirect or another host gets a clear refusal instead of a Lambda
// that runs out. Nothing is written here: the caller stores the result only when the whole read succeeded.

export const NRPS_LIMITS = {
  /** Pages followed by rel="next" (the first included). */
  pages: 20,
  /** Active members kept: past this the course is too big to show, and nothing is imported. */
  members: 1000,
  /** Bytes of one page's body. */
  pageBytes: 2_000_000,
  /** Asked of the platform per page (NRPS 2.0 §2.4.2 `limit`; a platform may answer fewer). */
  perPage: 100,
  /** One request (the token's included); the whole read stays under the lti Lambda's 10 s. */
  requestMs: 4000,
  totalMs: 8000,
} as const;

export const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

export const ROSTER_FAILURE = {
  unreachable: 'Tu plataforma no respondió al pedirle la lista de miembros. Inténtalo de nuevo en unos minutos.',
  refused: (status: number) => `Tu plataforma no entregó la lista de miembros (${status}). Revisa que Mentora tenga activado el servicio de nombres y roles (NRPS).`,
  garbage: 'Tu plataforma respondió algo que no es una lista de miembros (NRPS 2.0). No se importó nada.',
  otherCourse: 'Tu plataforma respondió la lista de otro curso. No se importó nada.',
  redirected: 'Tu plataforma redirigió la lista de miembros a otra dirección, y Mentora no la sigue. No se importó nada.',
  otherHost: 'La siguiente página de la lista de miembros está en otra dirección que la de tu plataforma. No se importó nada.',
  tooManyPages: `La lista de miembros de tu plataforma tiene más de ${NRPS_LIMITS.pages} páginas (o se repite). No se importó nada.`,
  tooManyMembers: `El curso tiene más de ${NRPS_LIMITS.members} miembros activos: Mentora no importa listas tan grandes. No se importó nada.`,
  tooBig: 'Una página de la lista de miembros de tu plataforma es demasiado grande. No se importó nada.',
  tooSlow: 'Tu plataforma tardó demasiado en entregar la lista de miembros. Inténtalo de nuevo en unos minutos.',
} as const;

const badGateway = (message: string) => new AppError(502, message, 'BadGateway');

/** NRPS 2.0 §2.2's membership container: only what Mentora reads; anything else the platform sends is ignored. */
const container = z.object({
  context: z.looseObject({ id: z.string() }).optional(),
  members: z.array(z.looseObject({
    user_id: z.string().min(1).max(255),
    status: z.string().optional(),
    name: z.string().optional(),
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    roles: z.array(z.string()).default([]),
  })),
});

/** LIS roles as full URIs or the simple names LTI 1.3 §A.2.3.1 still allows ("Instructor", "Learner"). */
function roleOf(roles: readonly string[]): RosterRole {
  const simple = roles.map((r) => r.replace(/^http:\/\/purl\.imsglobal\.org\/vocab\/lis\/v2\/membership#/, ''));
  if (roles.some((r) => INSTRUCTOR_ROLES.includes(r)) || simple.some((r) => r === 'Instructor' || r === 'ContentDeveloper')) return 'profesor';
  if (simple.some((r) => r === 'Learner' || r.startsWith('http://purl.imsglobal.org/vocab/lis/v2/membership/Learner#'))) return 'estudiante';
  return 'otro';
}

/** The name as the LMS gives it, trimmed of control characters and bounded. */
function nameOf(m: { name?: string; given_name?: string; family_name?: string }) {
  const raw = m.name?.trim() || [m.given_name, m.family_name].filter(Boolean).join(' ').trim();
  // eslint-disable-next-line no-control-regex
  const clean = raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  return clean || 'Sin nombre en la plataforma';
}

/** `Link` (RFC 8288): the target of rel="next" (or another relation), resolved against the page's URL. */
export function nextLink(header: string | null, base: string, relation = 'next'): string | undefined {
  if (!header) return undefined;
  for (const [, target, params] of header.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(params)?.[1];
    if (rel?.toLowerCase().split(/\s+/).includes(relation)) {
      try {
        return new URL(target, base).toString();
      } catch {
        throw badGateway(ROSTER_FAILURE.garbage);
      }
    }
  }
  return undefined;
}

/** The body, read up to `limit` bytes: past it the read is cancelled. */
async function boundedText(res: Response, limit: number): Promise<string> {
  if (Number(res.headers.get('content-length') ?? 0) > limit) throw badGateway(ROSTER_FAILURE.tooBig);
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw badGateway(ROSTER_FAILURE.tooBig);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface MembersDeps extends TokenDeps {
  /** Limits for the tests (a platform that answers slowly); NRPS_LIMITS otherwise. */
  limits?: Partial<typeof NRPS_LIMITS>;
}

/** The first page's URL: the platform's own, with `limit` when it names none. */
function firstPage(url: string, perPage: number) {
  const u = new URL(url);
  if (!u.searchParams.has('limit')) u.searchParams.set('limit', String(perPage));
  return u.toString();
}

/** A read's result: the active members, and the platform's `differences` link for the next import, when it gives one. */
export interface MembersRead { miembros: RosterMember[]; diferencias?: string }

/**
 * The course's active members, read page by page. Throws a 502 AppError (Spanish, "nothing was imported") for any
 * platform failure; the caller has written nothing yet. With `since` (NRPS 2.0's `differences` link, which a
 * previous read kept, and the roster that read made), only the changes are read and applied to that roster: a member the
 * platform lists Inactive or Deleted leaves it, any other is added or replaced. A platform that no longer honours the
 * link (a 4xx to its first request) answers undefined: the caller reads the whole course instead.
 */
export async function readMembers(deps: MembersDeps, platform: PlatformItem, source: RosterSource, since?: { url: string; miembros: RosterMember[] }): Promise<MembersRead | undefined> {
  const limits = { ...NRPS_LIMITS, ...deps.limits };
  const deadline = deps.now().getTime() + limits.totalMs;
  const origin = new URL(source.url).origin;
  const seen = new Set<string>();
  // By the identity's hash, so that a change names the same member the kept roster has.
  const members = new Map<string, RosterMember>((since?.miembros ?? []).map((m) => [m.id, m]));
  let url: string | undefined = since ? since.url : firstPage(source.url, limits.perPage);
  let diferencias: string | undefined;
  let retried = false;
  while (url) {
    if (seen.size >= limits.pages || seen.has(url)) throw badGateway(ROSTER_FAILURE.tooManyPages);
    if (new URL(url).origin !== origin) throw badGateway(ROSTER_FAILURE.otherHost);
    const left = deadline - deps.now().getTime();
    if (left <= 0) throw badGateway(ROSTER_FAILURE.tooSlow);
    let token: string;
    try {
      token = await accessToken(deps, platform, [NRPS_SCOPE]);
    } catch (error) {
      if (error instanceof PlatformError) throw badGateway(error.name === 'PlatformUnavailable' ? ROSTER_FAILURE.unreachable : `${error.message} No se importó nada.`);
      throw error;
    }
    let res: Response;
    const timeout = AbortSignal.timeout(Math.min(limits.requestMs, left));
    try {
      // redirect 'manual': a 3xx is refused below, so the token never follows it to another address.
      res = await deps.fetch(url, { headers: { accept: MEMBERSHIP_TYPE, authorization: `Bearer ${token}` }, redirect: 'manual', signal: timeout });
    } catch {
      throw badGateway(timeout.aborted ? ROSTER_FAILURE.tooSlow : ROSTER_FAILURE.unreachable);
    }
    if (res.status === 401 && !retried) {
      // A token the platform revoked early: once more with a fresh one.
      forgetToken(platform, [NRPS_SCOPE]);
      retried = true;
      continue;
    }
    if ((res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect') throw badGateway(ROSTER_FAILURE.redirected);
    // The differences link expired or was never honoured: nothing read yet, the whole course is read instead.
    if (since && !seen.size && res.status >= 400 && res.status < 500) return undefined;
    if (!res.ok) throw badGateway(res.status >= 500 || res.status === 429 ? ROSTER_FAILURE.unreachable : ROSTER_FAILURE.refused(res.status));
    let text: string;
    try {
      text = await boundedText(res, limits.pageBytes);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badGateway(timeout.aborted ? ROSTER_FAILURE.tooSlow : ROSTER_FAILURE.unreachable);
    }
    let parsed: z.infer<typeof container>;
    try {
      const result = container.safeParse(JSON.parse(text));
      if (!result.success) throw new Error('not a container');
      parsed = result.data;
    } catch {
      throw badGateway(ROSTER_FAILURE.garbage);
    }
    if (parsed.context && parsed.context.id !== source.contextId) throw badGateway(ROSTER_FAILURE.otherCourse);
    for (const m of parsed.members) {
      const id = memberHash(source, m.user_id);
      // NRPS 2.0 §2.3: a member without a status is Active; Inactive and Deleted are not in the course now (in a
      // differences read, that is how the platform says someone left).
      if (m.status && m.status !== 'Active') {
        members.delete(id);
        continue;
      }
      members.set(id, { id, nombre: nameOf(m), rol: roleOf(m.roles) });
      if (members.size > limits.members) throw badGateway(ROSTER_FAILURE.tooManyMembers);
    }
    seen.add(url);
    retried = false;
    const header = res.headers.get('link');
    // Kept only on the membership URL's own origin (it gets the token too); the last page's wins.
    const differences = nextLink(header, url, 'differences');
    if (differences && new URL(differences).origin === origin) diferencias = differences;
    url = nextLink(header, url);
  }
  return { miembros: [...members.values()], ...(diferencias && { diferencias }) };
}
