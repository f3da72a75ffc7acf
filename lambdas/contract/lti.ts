import * as z from 'zod';
import { tokens, user } from './account-views';
import { UUID_PATTERN } from './common';

// LTI 1.3 (issue 45, docs/lti.md): Mentora as a tool inside a school's LMS. The platform's own messages
// (login initiation, the launch's form post) are form-encoded and read by the lti room itself; what is JSON
// is here: a platform's manual registration and the tool's public key set.

const url = (what: string) =>
  z.string({ error: `Falta ${what}.` }).trim().max(2000, `${what} es demasiado larga.`).pipe(z.url({ protocol: /^https?$/, error: `${what} debe ser una dirección web (https://…).` }));

const deploymentList = z
  .array(z.string().trim().min(1, 'Un deployment_id está vacío.').max(255, 'Un deployment_id es demasiado largo.'), { error: 'Indica al menos un deployment_id.' })
  .min(1, 'Indica al menos un deployment_id.')
  .max(20, 'Como máximo 20 deployment_id por plataforma.');

/**
 * The LMS's course pages, when they are on another host than its issuer and authentication endpoint (Canvas Cloud:
 * the school's https://<school>.instructure.com): origins only, a few, each short (the frame store's value is at
 * most 1 KB: docs/lti.md "Inside the LMS's iframe").
 */
export const LTI_MAX_PAGE_ORIGINS = 3;
const pageOrigin = z.string().trim().max(120, 'El origen de las páginas de curso es demasiado largo.').refine((value) => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && !url.username && !url.password && value.replace(/\/$/, '') === url.origin;
  } catch {
    return false;
  }
}, 'Las páginas de curso se indican por su origen, sin ruta: https://tu-escuela.instructure.com').transform((value) => new URL(value).origin);
const pageOrigins = z.array(pageOrigin).max(LTI_MAX_PAGE_ORIGINS, `Como máximo ${LTI_MAX_PAGE_ORIGINS} orígenes de páginas de curso.`);

/** POST /lti/plataformas: what an LMS administrator copies from the LMS's tool settings. */
export const ltiPlatformRequest = z.strictObject({
  /** The platform's issuer (`iss` of its id_tokens), e.g. https://moodle.escuela.edu. */
  issuer: url('La URL del emisor (issuer)'),
  /** The client id the platform assigned to Mentora (`aud` of its id_tokens). */
  clientId: z.string({ error: 'Falta el client_id que la plataforma asignó a Mentora.' }).trim().min(1, 'Falta el client_id que la plataforma asignó a Mentora.').max(255, 'El client_id es demasiado largo.'),
  /** The platform's OIDC authentication endpoint (where login initiation redirects). */
  authUrl: url('La URL de autenticación'),
  /** The platform's public key set, against which its id_tokens are verified. */
  jwksUrl: url('La URL del conjunto de claves (JWKS)'),
  /** The platform's OAuth2 token endpoint (for grades and rosters, later). */
  tokenUrl: url('La URL de tokens').optional(),
  /** The deployment ids Mentora accepts from this platform; a launch for another is refused. */
  deployments: deploymentList,
  /** The LMS's course pages' origins, which frame Mentora (Canvas Cloud: the school's host). */
  paginas: pageOrigins.optional(),
});
export type LtiPlatformRequest = z.infer<typeof ltiPlatformRequest>;

/**
 * PUT /lti/plataformas/{id}: what the owner may change (issuer and client id are the registration itself):
 * the deployments (Canvas makes one at each install), a moved key set or endpoint, the course pages' origins; or
 * just publish it again. At least one field.
 */
export const ltiPlatformUpdate = z
  .strictObject({
    authUrl: url('La URL de autenticación').optional(),
    jwksUrl: url('La URL del conjunto de claves (JWKS)').optional(),
    tokenUrl: url('La URL de tokens').optional(),
    deployments: deploymentList.optional(),
    paginas: pageOrigins.optional(),
    /** Publishes the registration in the frame store again (its last publication failed); changes nothing else. */
    publicar: z.literal(true).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Indica qué quieres cambiar: deployments, jwksUrl, authUrl, tokenUrl, paginas o publicar.');
export type LtiPlatformUpdate = z.infer<typeof ltiPlatformUpdate>;

/** The values an LMS asks for when Mentora is added by hand (docs/lti.md "Registering Mentora in Moodle and Canvas"). */
export const ltiToolUrls = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  jwksUrl: z.string(),
  /** Deep Linking's target (Moodle's "Content Selection URL", Canvas's placements' Target Link URI). */
  deepLinkingUrl: z.string(),
  redirectUris: z.array(z.string()),
  /** Dynamic Registration's URL (Moodle's "Add LTI Advantage"): the LMS registers Mentora itself. */
  registrationUrl: z.string(),
});
export type LtiToolUrls = z.infer<typeof ltiToolUrls>;

export const ltiPlatformView = z.object({
  /** The route id (GET/PATCH/DELETE /lti/plataformas/{id}). */
  id: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  authUrl: z.string(),
  jwksUrl: z.string(),
  tokenUrl: z.string().optional(),
  deployments: z.array(z.string()),
  /** 'pendiente': its key set is not on the issuer's own site; launches are refused until an operator approves it. */
  estado: z.enum(['activa', 'pendiente']),
  creadoEn: z.string(),
  /** The first launch verified with its keys. */
  probadaEn: z.string().optional(),
  /** Until a launch proves it: when it expires, deleted (docs/lti.md "How many registrations"). */
  caducaEn: z.string().optional(),
  /** The LMS's course pages' origins (besides its issuer's and authentication's), which may frame /lti/entrar. */
  paginas: z.array(z.string()),
  /**
   * False until the frame store holds what it says now (its publication failed, or has not landed yet): framed,
   * /lti/entrar is refused until then. A failed one is retried by itself (docs/lti.md "Inside the LMS's iframe").
   */
  publicada: z.boolean(),
  /** Not published: the store's error on its last attempt (retried by itself). */
  errorPublicacion: z.string().optional(),
  herramienta: ltiToolUrls,
});
export type LtiPlatformView = z.infer<typeof ltiPlatformView>;

/** GET /lti/plataformas: the tool's values to paste into the LMS, and the caller's own registrations. */
export const ltiPlatformList = z.object({ herramienta: ltiToolUrls, plataformas: z.array(ltiPlatformView) });
export type LtiPlatformList = z.infer<typeof ltiPlatformList>;

/** GET /lti/registro (Dynamic Registration): what the platform answered and Mentora kept. */
export const ltiRegistered = z.object({ issuer: z.string(), clientId: z.string(), deployments: z.array(z.string()) });

/** GET /lti/jwks: a JSON Web Key Set (RFC 7517), the public half of the tool's signing keys. */
export const ltiJwks = z.object({
  keys: z.array(z.looseObject({ kty: z.literal('RSA'), kid: z.string(), n: z.string(), e: z.string(), alg: z.literal('RS256'), use: z.literal('sig') })),
});

/** Login initiation and launch answer with a redirect; the body repeats where to (for a client that does not follow). */
export const ltiRedirect = z.object({ success: z.literal(true), redireccion: z.string() });
/**
 * POST /lti/launch posted again by the launch's own page inside the LMS's iframe, with the values the platform's
 * storage answered (docs/lti.md "Inside the LMS's iframe"): where the frame goes, its ticket, and the ticket's proof.
 */
export const ltiStoredLaunch = z.object({ success: z.literal(true), destino: z.string(), ticket: z.string(), prueba: z.string() });
export const ltiLaunchAnswer = z.union([ltiRedirect, ltiStoredLaunch]);

/** POST /lti/sesion and POST /lti/vincular: the ticket the launch put in /lti/entrar's fragment. */
const ticket = z.string({ error: 'Falta el acceso de tu plataforma (ticket).' }).regex(/^[\w-]{43}$/, 'El acceso de tu plataforma (ticket) no es válido.');
/**
 * A launch finished inside the LMS's iframe (the platform's storage, no cookie there): the ticket's proof, handed
 * by the launch's page to the SPA in sessionStorage, in place of the ticket's cookie (docs/lti.md).
 */
const prueba = z.string().regex(/^[\w-]{43}$/, 'La prueba del acceso de tu plataforma no es válida.').optional();
export const ltiEntryRequest = z.strictObject({
  ticket,
  /** Nobody is signed in in this browser: make (or use) the account of the LMS identity without asking. */
  cuentaNueva: z.boolean().optional(),
  prueba,
  /** A launch carried to a new tab: its person confirmed the LMS identity the answer named ("Sí, soy yo"). */
  confirmado: z.boolean().optional(),
});
export type LtiEntryRequest = z.infer<typeof ltiEntryRequest>;
export const ltiLinkRequest = z.strictObject({ ticket, prueba });

/**
 * A learner's first launch into an LMS course's aula: which platform receives their grade, what it receives,
 * and what their teacher sees (the aula's join screen's lists), said before they study (docs/lti.md).
 */
export const ltiGradeNotice = z.object({
  plataforma: z.string(),
  host: z.string(),
  recibe: z.array(z.string()),
  profesorVe: z.array(z.string()),
  profesorNoVe: z.array(z.string()),
});
export type LtiGradeNotice = z.infer<typeof ltiGradeNotice>;

/** Where a launch lands (the aula of its LMS course, or the start page), and what to say when it could not. */
const landing = {
  destino: z.string().startsWith('/'),
  aviso: z.string().optional(),
  avisoNotas: ltiGradeNotice.optional(),
  /** A deep-linking launch finished inside the LMS's iframe: the picker's proof, kept by the SPA in the frame's sessionStorage. */
  pruebaSeleccion: z.string().optional(),
};
/** POST /lti/sesion: signed in (tokens, as a sign-in answers) or, not linked yet, what the SPA asks its owner. */
export const ltiEntryAnswer = z.discriminatedUnion('estado', [
  z.object({ success: z.literal(true), estado: z.literal('dentro'), user, tokens, ...landing }),
  z.object({ success: z.literal(true), estado: z.literal('sin-cuenta'), nombre: z.string(), plataforma: z.string() }),
  /** A launch carried to a new tab (docs/lti.md "Inside the LMS's iframe"): whom it signs in, to confirm first. */
  z.object({ success: z.literal(true), estado: z.literal('confirmar'), nombre: z.string(), plataforma: z.string() }),
]);
export type LtiEntryAnswer = z.infer<typeof ltiEntryAnswer>;
export const ltiLinkAnswer = z.object({ success: z.literal(true), message: z.string(), ...landing });

/** POST /lti/seleccion/opciones: Deep Linking's picker ticket (in /lti/elegir's fragment), bound to its browser. */
const pickTicket = z.string({ error: 'Falta la elección de contenido de tu plataforma (ticket).' }).regex(/^[\w-]{43}$/, 'La elección de contenido de tu plataforma (ticket) no es válida.');
/** `prueba`: a picker inside the LMS's iframe (no cookie there) proves its browser in the body (docs/lti.md). */
export const ltiPickerRequest = z.strictObject({ ticket: pickTicket, prueba });

/** What the teacher may link: their own written courses, each with the modules whose evaluation may be linked alone. */
export const ltiPickerOptions = z.object({
  success: z.literal(true),
  /** The platform's host the choice goes back to. */
  plataforma: z.string(),
  /** The LMS course's title, when the platform sent one. */
  curso: z.string().optional(),
  /** The platform accepts several items at once (accept_multiple). */
  varios: z.boolean(),
  cursos: z.array(z.object({ courseId: z.string(), titulo: z.string(), modulos: z.array(z.object({ moduleId: z.string(), titulo: z.string() })) })),
});
export type LtiPickerOptions = z.infer<typeof ltiPickerOptions>;

/**
 * POST /lti/seleccion, the picker's form post (fields `ticket` and `elementos`, this list as JSON): a course, or
 * one module's evaluation (`moduleId`). Empty: the teacher cancelled, and the platform is told nothing was added.
 */
export const ltiPicks = z
  .array(z.strictObject({
    courseId: z.string().regex(UUID_PATTERN, 'La elección de contenido no es válida.').transform((id) => id.toLowerCase()),
    moduleId: z.string().regex(/^m\d{2,3}$/, 'La elección de contenido no es válida.').optional(),
  }), { error: 'La elección de contenido no es válida.' })
  .max(10, 'Elige como máximo 10 contenidos a la vez.');
export type LtiPicks = z.infer<typeof ltiPicks>;
/** Its answer is a page, not JSON: it posts the signed LtiDeepLinkingResponse back to the platform. */
export const ltiReturnPage = z.string();
