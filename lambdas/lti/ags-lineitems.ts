import type { LineItemSpec } from '../lms-grades';
import { AGS_SCOPE } from './claims';
import type { PlatformItem } from './lti-items';
import { accessToken, forgetToken, PlatformError, platformFetch, type TokenDeps } from './platform-token';
import { onPlatformSite } from './service-urls';

// A plain LMS link's gradebook column (AGS 2.0 §3.2 "Line item service"), for a platform that names its line items
// container and grants the `lineitem` scope but made no line item for the link. The score job (never the learner's
// request) first looks for one Mentora made before: GET <lineitems>?resource_link_id=<id> (filtered here again, since
// a platform may ignore the filter), an item of this resource link with Mentora's `resourceId` and `tag`. Only when
// there is none does it POST one. Looking first is what keeps it to one column when a job made it and died before
// writing it down; the link's claim (grade-items.ts claimLineItem) keeps twenty jobs at once to one POST.

export const LINEITEM_MEDIA_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
export const LINEITEMS_MEDIA_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
const SCOPES = [AGS_SCOPE.lineItem];
/** The first page only: filtered by resource link, a platform answers the link's few columns. */
const PAGE_LIMIT = 100;

export interface LineItemDeps extends TokenDeps {
  /** URL schemes a platform's addresses may use (https: on AWS): the line item's URL gets the platform's token. */
  schemes: readonly string[];
}

const GARBAGE = 'La plataforma respondió algo que no es una columna de notas.';

const withQuery = (container: string, params: Record<string, string>) => {
  const u = new URL(container);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

/** The platform's answer as JSON, or a refusal in Spanish (an HTML maintenance page, a truncated body). */
async function jsonOf(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    throw new PlatformError('PlatformRefused', GARBAGE);
  }
}

/** A line item's URL the platform's token may be sent to, or undefined. */
const idOf = (item: unknown, platform: PlatformItem, schemes: readonly string[]) => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' && onPlatformSite(id, platform, schemes) ? id : undefined;
};

/** A request with the `lineitem` scope's token, once more with a fresh one after a 401 (a token revoked early). */
async function withToken(deps: LineItemDeps, platform: PlatformItem, url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(deps, platform, SCOPES);
    const res = await platformFetch(deps, url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
    if (res.status !== 401 || attempt > 0) return res;
    forgetToken(platform, SCOPES);
  }
}

/** The link's line item Mentora made earlier, if the platform still has it. */
async function findLineItem(deps: LineItemDeps, platform: PlatformItem, container: string, resourceLinkId: string, spec: LineItemSpec): Promise<string | undefined> {
  const url = withQuery(container, { resource_link_id: resourceLinkId, limit: String(PAGE_LIMIT) });
  const res = await withToken(deps, platform, url, { method: 'GET', headers: { accept: LINEITEMS_MEDIA_TYPE } });
  if (!res.ok) throw new PlatformError('PlatformRefused', `La plataforma no dejó leer sus columnas de notas (${res.status}).`);
  const items = await jsonOf(res);
  if (!Array.isArray(items)) throw new PlatformError('PlatformRefused', GARBAGE);
  const mine = (items as unknown[]).find((item) => {
    const i = item as Record<string, unknown> | null;
    return i?.resourceLinkId === resourceLinkId && i?.resourceId === spec.resourceId && i?.tag === spec.tag;
  });
  return mine ? idOf(mine, platform, deps.schemes) : undefined;
}

/** Finds the link's line item, or makes it: its URL (on the platform's site). */
export async function findOrCreateLineItem(deps: LineItemDeps, platform: PlatformItem, container: string, resourceLinkId: string, spec: LineItemSpec): Promise<string> {
  const found = await findLineItem(deps, platform, container, resourceLinkId, spec);
  if (found) return found;
  const body = JSON.stringify({ scoreMaximum: spec.scoreMaximum, label: spec.label.slice(0, 200), resourceId: spec.resourceId, tag: spec.tag, resourceLinkId });
  const res = await withToken(deps, platform, container, { method: 'POST', headers: { 'content-type': LINEITEM_MEDIA_TYPE, accept: LINEITEM_MEDIA_TYPE }, body });
  if (!res.ok) throw new PlatformError('PlatformRefused', `La plataforma no dejó crear la columna de notas (${res.status}).`);
  const made = idOf(await jsonOf(res), platform, deps.schemes);
  if (!made) throw new PlatformError('PlatformRefused', GARBAGE);
  return made;
}
