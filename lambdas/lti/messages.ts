// What a person reads when the LMS's launch is refused (issue 45): Spanish, one cause each, and always the
// way out (open the activity again from the LMS). Every refusal is decided before anything is written.

export const REFUSAL = {
  loginIncomplete: 'Faltan datos del inicio de sesión LTI (iss, login_hint y target_link_uri).',
  unknownPlatform: 'Esta plataforma LTI no está registrada en Mentora. Pide a quien administra tu plataforma que registre Mentora.',
  ambiguousPlatform: 'Esta plataforma tiene varios registros en Mentora: el inicio de sesión debe indicar su client_id.',
  foreignTarget: 'El destino del lanzamiento (target_link_uri) no es una dirección de Mentora.',
  launchIncomplete: 'El lanzamiento LTI no trae id_token y state. Vuelve a abrir la actividad desde tu plataforma.',
  platformError: 'Tu plataforma no completó el inicio de sesión en Mentora. Vuelve a abrir la actividad desde tu plataforma; si se repite, avisa a quien la administra.',
  stateUnknown: 'Este lanzamiento LTI ya se usó o caducó. Vuelve a abrir la actividad desde tu plataforma.',
  otherBrowser: 'Este lanzamiento LTI se inició en otro navegador o sin cookies. Vuelve a abrir la actividad desde tu plataforma.',
  storageMismatch: 'Tu plataforma no guardaba este inicio de sesión en este navegador. Vuelve a abrir la actividad desde tu plataforma.',
  storageOrigin: 'Este lanzamiento LTI solo puede completarlo la página de Mentora. Vuelve a abrir la actividad desde tu plataforma.',
  badSignature: 'La firma del lanzamiento LTI no es válida para esta plataforma.',
  otherIssuer: 'El lanzamiento LTI viene de otra plataforma (iss) que la del inicio de sesión.',
  otherAudience: 'El lanzamiento LTI está dirigido a otra herramienta (aud).',
  otherParty: 'El lanzamiento LTI fue autorizado para otra herramienta (azp).',
  expired: 'El lanzamiento LTI ha caducado. Vuelve a abrir la actividad desde tu plataforma.',
  badTime: 'La hora de emisión del lanzamiento LTI (iat) no es válida.',
  nonceMismatch: 'El lanzamiento LTI no corresponde a este inicio de sesión (nonce).',
  malformed: 'El lanzamiento LTI no es un mensaje LTI 1.3 válido.',
  missingDeployment: 'El lanzamiento LTI no indica la implementación de la plataforma (deployment_id).',
  unknownDeployment: 'La implementación (deployment_id) de este lanzamiento no está registrada en Mentora.',
  missingSubject: 'El lanzamiento LTI no identifica a la persona (sub).',
  platformKeys: 'No pudimos leer las claves de tu plataforma. Inténtalo de nuevo en unos minutos.',
  platformTaken: 'Esa plataforma (emisor y client_id) ya está registrada en Mentora.',
  pendingPlatform: 'Esta plataforma está registrada en Mentora, pero pendiente de aprobación: sus claves (JWKS) no están en su propio sitio. Pide a quien administra tu plataforma que lo revise en Mentora.',
  insecureUrl: 'Las direcciones de la plataforma deben usar https://.',
  deepLinkingLearner: 'Solo el profesor del curso puede añadir contenido de Mentora desde tu plataforma.',
  deepLinkingSettings: 'La solicitud de contenido (Deep Linking) de tu plataforma no indica adónde devolver la elección.',
  deepLinkingTypes: 'Tu plataforma no acepta enlaces a actividades (ltiResourceLink): Mentora no tiene contenido que ofrecerle así.',
} as const;

/** A registration's owner managing it (platforms.ts): read on the SPA's page of platforms. */
export const PLATFORMS = {
  badId: 'El identificador de la plataforma no es válido.',
  notFound: 'No encontramos esa plataforma entre las que registraste.',
  changed: 'Esa plataforma cambió mientras la editabas. Vuelve a cargar la página.',
  tooMany: (max: number) => `Ya tienes ${max} plataformas LTI registradas, el máximo por cuenta. Elimina una que no uses para registrar otra.`,
} as const;

/** Dynamic Registration (dynamic-registration.ts): read in the LMS's registration window. */
export const REGISTRATION = {
  badConfigurationUrl: 'La dirección de configuración de la plataforma (openid_configuration) no es válida.',
  unreachable: 'No pudimos conectar con tu plataforma para registrar Mentora. Inténtalo de nuevo en unos minutos.',
  refusedByPlatform: 'Tu plataforma rechazó el registro de Mentora: vuelve a iniciarlo desde la plataforma (el token de registro caduca).',
  notJson: 'Tu plataforma respondió algo que no es una configuración LTI válida.',
  issuerMismatch: 'La configuración de la plataforma no corresponde a la dirección desde la que se leyó (issuer): Mentora no se registró.',
  taken: 'Esa plataforma (emisor y client_id) ya está registrada en Mentora.',
  tooManyUnproven: (domain: string, max: number, days: number) =>
    `Ya hay ${max} registros de Mentora desde ${domain} que nadie ha usado todavía. Abre Mentora desde tu plataforma con uno de ellos, o espera a que caduquen (${days} días sin usarse), antes de registrar otro.`,
} as const;

/** The SPA's /lti/entrar: the launch's ticket becomes a session (sign-in.ts). */
export const ENTRY = {
  ticketUnknown: 'Este acceso desde tu plataforma ya se usó o caducó. Vuelve a abrir la actividad desde tu plataforma.',
  accountBusy: 'Estamos preparando tu cuenta de Mentora. Vuelve a abrir la actividad desde tu plataforma en unos segundos.',
  identityTaken: 'Tu usuario de esta plataforma ya está vinculado a una cuenta de Mentora. Vuelve a abrir la actividad desde tu plataforma.',
  accountTaken: 'Tu cuenta de Mentora ya está vinculada a otro usuario de esta plataforma.',
  accountGone: 'La cuenta de Mentora vinculada a tu usuario de esta plataforma ya no existe.',
  otherBrowser: 'Este acceso desde tu plataforma se abrió en otro navegador. Vuelve a abrir la actividad desde tu plataforma en este.',
  carriedNoLink: 'Este acceso se abrió en una pestaña nueva, fuera de tu plataforma: no puede vincular una cuenta de Mentora. Para vincularla, abre la actividad desde tu plataforma en una ventana nueva.',
} as const;

/** Deep Linking's picker (picker.ts): read by the teacher on /lti/elegir, or on the page its answer opens. */
export const PICKER = {
  ticketUnknown: 'Esta elección de contenido ya se envió o caducó. Vuelve a pulsar «Añadir actividad» en tu plataforma.',
  otherBrowser: 'Esta elección de contenido se abrió en otro navegador. Vuelve a pulsar «Añadir actividad» en tu plataforma.',
  otherAccount: 'Esta elección de contenido es de otra cuenta de Mentora.',
  teachersOnly: 'Solo el profesor del curso puede añadir contenido de Mentora desde tu plataforma.',
  notYours: 'Ese curso no es tuyo, todavía no está listo o no tiene ese módulo.',
  otherTeacher: 'El aula de este curso de tu plataforma tiene otro profesor en Mentora: no puedes añadirle contenido.',
  tooMany: (max: number) => `El aula de este curso de tu plataforma ya tiene ${max} cursos de Mentora, el máximo.`,
  onlyOne: 'Tu plataforma acepta un solo contenido cada vez: elige uno.',
  noCourse: 'Tu plataforma pidió contenido fuera de un curso: ábrelo desde «Añadir actividad» de un curso.',
  badChoice: 'La elección de contenido no es válida.',
  otherPage: 'Esta elección de contenido no llegó desde la página de Mentora. Vuelve a pulsar «Añadir actividad» en tu plataforma.',
} as const;
