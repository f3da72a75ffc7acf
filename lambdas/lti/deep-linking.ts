import { randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { LmsLinkable, LmsPick } from '../aulas';
import { UUID_PATTERN } from '../contract';
import { CLAIM } from './claims';
import type { Activity, PickItem } from './lti-items';

// Deep Linking 2.0 (1EdTech, https://www.imsglobal.org/spec/lti-dl/v2p0): the answer Mentora signs with its own
// key, and the resource links it names. Each content item is an `ltiResourceLink` whose `url` is the launch
// target (LTI 1.3's target_link_uri) that names the teacher's course, or one module of it whose evaluation is the
// activity, and whose `lineItem` makes the LMS create the gradebook column (AGS §3.2 "Creating a line item
// with Deep Linking"). Later launches of that link come back with the same target, signed by the platform:
// activityOf reads it (launch.ts) and the landing takes a learner to their copy of it.

export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
/** Where a linked activity's launches say they are going (never loaded: the launch lands on /lti/entrar). */
export const ACTIVITY_PATH = '/lti/actividad';
/** The score Mentora's grades are out of: an evaluation's percentage; a finished course is 100. */
export const SCORE_MAXIMUM = 100;
/** The response is posted straight back by the teacher's browser: a few minutes is plenty. */
const RESPONSE_TTL_S = 600;

const CONTENT_ITEMS = 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items';
const DATA = 'https://purl.imsglobal.org/spec/lti-dl/claim/data';
const MSG = 'https://purl.imsglobal.org/spec/lti-dl/claim/msg';
const MODULE_ID = /^m\d{2,3}$/;

export const activityUrl = (origin: string, pick: LmsPick) => {
  const url = new URL(`${origin}${ACTIVITY_PATH}`);
  url.searchParams.set('curso', pick.courseId);
  if (pick.moduleId) url.searchParams.set('modulo', pick.moduleId);
  return url.toString();
};

/** The activity a verified launch's target names, when it is one of Mentora's on this site. */
export function activityOf(origin: string, target: string | undefined): Activity | undefined {
  if (!target) return undefined;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.pathname !== ACTIVITY_PATH) return undefined;
  const courseId = url.searchParams.get('curso') ?? '';
  const moduleId = url.searchParams.get('modulo') ?? undefined;
  if (!UUID_PATTERN.test(courseId) || (moduleId !== undefined && !MODULE_ID.test(moduleId))) return undefined;
  return { courseId: courseId.toLowerCase(), ...(moduleId && { moduleId }) };
}

/** One `ltiResourceLink` per pick, titled and graded as the Deep Linking specification's example item. */
export function contentItems(origin: string, courses: readonly LmsLinkable[], picks: readonly LmsPick[]) {
  return picks.map((pick) => {
    const course = courses.find((c) => c.courseId === pick.courseId)!;
    const module = pick.moduleId ? course.modulos.find((m) => m.moduleId === pick.moduleId) : undefined;
    const title = module ? `Evaluación: ${module.titulo}` : course.titulo;
    return {
      type: 'ltiResourceLink',
      title,
      text: module ? `La evaluación del módulo «${module.titulo}» del curso «${course.titulo}», en Mentora.` : `El curso «${course.titulo}», en Mentora: lecciones, tutor y evaluaciones.`,
      url: activityUrl(origin, pick),
      lineItem: {
        scoreMaximum: SCORE_MAXIMUM,
        label: title,
        resourceId: module ? `${course.courseId}/${module.moduleId}` : course.courseId,
        tag: module ? 'evaluacion' : 'curso',
      },
    };
  });
}

/**
 * The LtiDeepLinkingResponse (Deep Linking 2.0 §4.5): from the tool (iss: its client id) to the platform (aud:
 * its issuer), for the deployment the request came from, with the request's `data` echoed unchanged. Signed by
 * the caller with the tool's current key (ToolKeys.sign: RS256, its kid in the header).
 */
export function deepLinkingResponse(pick: PickItem, items: ReturnType<typeof contentItems>, now: Date): JWTPayload {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    iss: pick.clientId,
    aud: pick.issuer,
    iat,
    exp: iat + RESPONSE_TTL_S,
    nonce: randomBytes(16).toString('base64url'),
    [CLAIM.deploymentId]: pick.deploymentId,
    [CLAIM.messageType]: DEEP_LINKING_RESPONSE,
    [CLAIM.version]: '1.3.0',
    [CONTENT_ITEMS]: items,
    ...(pick.data !== undefined && { [DATA]: pick.data }),
    ...(items.length === 0 && { [MSG]: 'No se añadió contenido de Mentora.' }),
  };
}
