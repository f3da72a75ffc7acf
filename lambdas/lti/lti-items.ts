import { createHash } from 'node:crypto';
import { userPk } from '../shared/table';

// The lti room's items on the one table (docs/lti.md "Data model"). Secrets (state, ticket) are keyed by
// their SHA-256, so the table never holds a value that would let its reader finish someone's launch.

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/** One platform registration: an issuer has one item per client id it gave Mentora. */
export const platformPk = (issuer: string) => `LTIPLAT#${sha256(issuer)}`;
export const CLIENT_PREFIX = 'CLIENT#';
export const platformKey = (issuer: string, clientId: string) => ({ pk: platformPk(issuer), sk: `${CLIENT_PREFIX}${clientId}` });
/** A registration's id in the routes (GET/PATCH/DELETE /lti/plataformas/{id}): the hash its owner's pointer is keyed by. */
export const registrationId = (issuer: string, clientId: string) => sha256(`${issuer}\n${clientId}`);
export const OWNER_POINTER_PREFIX = 'LTIPLAT#';
export const ownerPointerKey = (userId: string, issuer: string, clientId: string) => ({ pk: userPk(userId), sk: `${OWNER_POINTER_PREFIX}${registrationId(issuer, clientId)}` });
export const stateKey = (state: string) => ({ pk: `LTISTATE#${sha256(state)}`, sk: 'STATE' });
export const nonceKey = (nonce: string) => ({ pk: `LTINONCE#${nonce}`, sk: 'NONCE' });
export const launchKey = (ticket: string) => ({ pk: `LTILAUNCH#${sha256(ticket)}`, sk: 'LAUNCH' });

/**
 * The bounds on registrations (registration-bounds.ts), each kept in the registration's own transactions: how many
 * an account holds, how many unproven Dynamic Registrations a registrable domain holds, and the unproven ones in
 * the order they expire (one partition, read by its sort key: never a Scan).
 */
export const accountCountKey = (userId: string) => ({ pk: userPk(userId), sk: 'LTIPLATCOUNT' });
export const domainCountKey = (domain: string) => ({ pk: `LTIDOMAIN#${sha256(domain)}`, sk: 'UNPROVEN' });
export const EXPIRY_PK = 'LTIEXPIRY';
export const expiryKey = (p: { issuer: string; clientId: string; caducaEn: string }) => ({ pk: EXPIRY_PK, sk: `${p.caducaEn}#${registrationId(p.issuer, p.clientId)}` });
/** An unproven registration's place in the expiry queue. */
export interface ExpiryEntry { issuer: string; clientId: string; registro?: string; caducaEn: string }
/**
 * A place a Dynamic Registration holds in its domain's count while it posts to the platform (dynamic-registration.ts):
 * in the expiry queue until `caducaEn`, so one whose Lambda died between the reservation and the store is given back
 * by the sweep. The registration's own write consumes it; a refusal or a failure releases it.
 */
export interface DomainReservation { dominio: string; reserva: string; caducaEn: string }
export const reservationKey = (r: DomainReservation) => ({ pk: EXPIRY_PK, sk: `${r.caducaEn}#RESERVA#${r.reserva}` });
/**
 * A registration's frame-store publication that failed (frame-store.ts), due again at `caducaEn` (its `intento`th
 * retry): the sweep publishes what the registration says then, or withdraws its key when it is gone.
 */
export interface PublicationEntry { issuer: string; clientId: string; publicar: true; intento: number; caducaEn: string }
export const publicationKey = (e: Pick<PublicationEntry, 'issuer' | 'clientId' | 'caducaEn'>) => ({ pk: EXPIRY_PK, sk: `${e.caducaEn}#PUBLICAR#${registrationId(e.issuer, e.clientId)}` });
/** What the expiry queue holds: unproven registrations, domain reservations and publications to retry, in the order they fall due. */
export type QueueEntry = ExpiryEntry | DomainReservation | PublicationEntry;
export const isReservation = (e: QueueEntry): e is DomainReservation => 'reserva' in e;
export const isPublication = (e: QueueEntry): e is PublicationEntry => 'publicar' in e;

/** `ownerId` of a registration made by Dynamic Registration: the LMS registered itself, no Mentora account did. */
export const DYNAMIC_OWNER = 'registro-dinamico';

/**
 * 'activa': launches are accepted. 'pendiente': stored but refused until an operator approves it (its key set is
 * not on the issuer's own site, platform-trust.ts). Absent: a registration made before the states existed (activa).
 */
export type PlatformState = 'activa' | 'pendiente';

export interface PlatformItem {
  issuer: string;
  clientId: string;
  /**
   * This registration's own random id, fresh at each registration: identities, LMS aulas and grade links are
   * keyed by it, so a later registration of the same issuer and client id (after a deletion, by anyone)
   * reaches nothing of this one. Absent on registrations made before it (their keys use issuer and client id).
   */
  registro?: string;
  estado?: PlatformState;
  authUrl: string;
  jwksUrl: string;
  tokenUrl?: string;
  deployments: string[];
  ownerId: string;
  creadoEn: string;
  actualizadoEn?: string;
  /** The first launch verified with this registration's keys (the platform really uses it). */
  probadaEn?: string;
  /** Counted in its owner's LTIPLATCOUNT (registrations made before the count are not: nothing to give back). */
  contada?: boolean;
  /** While unproven: when it expires (ISO), its key in the expiry queue. The first launch removes it. */
  caducaEn?: string;
  /** A Dynamic Registration while unproven: the registrable domain whose count of unproven ones it is in. */
  dominio?: string;
  /** The LMS's course pages' origins, when not its issuer's or authentication's (Canvas Cloud's school host). */
  paginas?: string[];
  /**
   * Not published in the frame store yet (written so, until a publication lands), or, on a registration made before
   * `publicadoComo`, its last publication failed (frame-store.ts).
   */
  sinPublicar?: boolean;
  /**
   * The frame store's value the last publication that landed wrote, while the registration still said it: the
   * registration is published when it equals what it says now (frameOriginsOf), whatever happened in between.
   */
  publicadoComo?: string;
  /** Why its last publication failed (the store's error name): retried by the sweep until one lands. */
  errorPublicacion?: string;
}

/** An unproven registration past its expiry counts as gone, even before the sweep deletes it (registration-expiry.ts). */
export const expired = (p: Pick<PlatformItem, 'caducaEn' | 'probadaEn'>, nowIso: string) => Boolean(p.caducaEn && !p.probadaEn && p.caducaEn <= nowIso);

/** The registration instance a launch, a picker or an identity came through (PlatformItem.registro). */
export interface ThroughRegistration { issuer: string; clientId: string; registro?: string }
/** What keys an LMS identity, course or link: the registration instance, or (made before it had one) issuer and client id. */
export const registrationScope = (r: ThroughRegistration) => (r.registro ? [`registro:${r.registro}`] : [r.issuer, r.clientId]);

/** A login initiation waiting for its launch: single use, expires with `expiresAt` (epoch s). */
export interface StateItem {
  issuer: string;
  clientId: string;
  nonce: string;
  /** SHA-256 of the browser's cookie value: the launch must come from the browser that began it. */
  browser: string;
  targetLinkUri: string;
  /** The initiation's own hints, to start it again in a new window when the LMS frames Mentora (frame-page.ts). */
  loginHint?: string;
  messageHint?: string;
  deploymentHint?: string;
  /** The platform offered its client-side storage (`lti_storage_target`): the frame the login stored the values in. */
  almacen?: string;
  expiresAt: number;
}

/** A verified launch, waiting for the browser to be signed in with it (docs/lti.md, part 3). */
export interface LaunchItem {
  issuer: string;
  clientId: string;
  registro?: string;
  deploymentId: string;
  sub: string;
  messageType: string;
  roles: string[];
  contextId?: string;
  contextTitle?: string;
  resourceLinkId?: string;
  /** The resource link's title in the LMS (`resource_link.title`): how the teacher's view names a link that grades nothing. */
  resourceLinkTitle?: string;
  nombre?: string;
  /** The platform's own name (`tool_platform.name`), for the learner's grade notice (landing.ts). */
  plataforma?: string;
  /** A resource link Deep Linking made (its target_link_uri, deep-linking.ts): the course, or one module's evaluation. */
  actividad?: Activity;
  /** An LtiDeepLinkingRequest's settings (an Instructor's only: launch.ts refuses anyone else's). */
  deepLinking?: { returnUrl: string; acceptMultiple: boolean; data?: string };
  /** The resource link's AGS endpoint, its URLs on the platform's site (service-urls.ts). */
  ags?: { lineitem?: string; lineitems?: string; scope: string[] };
  /** The context's NRPS membership URL, on the platform's site. */
  nrps?: string;
  /** SHA-256 of the entry cookie the launch set: the ticket works only in the browser the launch landed in. */
  navegador?: string;
  /**
   * The launch finished inside the LMS's iframe (the platform's storage path, no cookie there): the platform's
   * pages that may frame what follows (a deep-linking launch's picker and its answer: picker.ts).
   */
  marco?: string[];
  /** Carried to a new tab from a framed deep-linking page: that page's relay id (relay.ts). */
  relevo?: string;
  /**
   * Carried to a new tab from a framed launch that nothing binds to the browser (no cookie kept in the frame, no
   * platform storage): its ticket and proof travel in the new tab's address, so it signs in only after the person
   * confirms the LMS identity it names, and never links an existing account (sign-in.ts).
   */
  sinVinculo?: boolean;
  expiresAt: number;
}

/** What a resource link Deep Linking made names: one of the teacher's courses, or one module's evaluation of it. */
export interface Activity { courseId: string; moduleId?: string }

/**
 * Deep Linking's picker, opened by an Instructor's LtiDeepLinkingRequest once it signed them in: single use
 * (spent by the answer Mentora signs), bound to the browser (`navegador`) and to the account it signed in.
 */
export const pickKey = (ticket: string) => ({ pk: `LTIPICK#${sha256(ticket)}`, sk: 'PICK' });
export interface PickItem {
  issuer: string;
  clientId: string;
  registro?: string;
  deploymentId: string;
  userId: string;
  contextId?: string;
  contextTitle?: string;
  returnUrl: string;
  acceptMultiple: boolean;
  data?: string;
  /** SHA-256 of the picker's cookie (top-level) or of its proof (`marco`: opened inside the LMS's iframe). */
  navegador: string;
  /** Opened inside the LMS's iframe (LaunchItem.marco): the origins that may frame its answer's page. */
  marco?: string[];
  /** Opened in a new tab for a framed page that waits for the answer: the relay it fills (relay.ts). */
  relevo?: string;
  expiresAt: number;
}

/**
 * Deep Linking's relay (relay.ts): a framed deep-linking launch without the platform's storage opens the picker in
 * a new tab; the answer comes back to the framed page through this item, keyed by its id (the SHA-256 of the secret
 * only the framed page holds). It names the launch it was made for, so only that teacher's picker may fill it.
 */
export const relayKey = (id: string) => ({ pk: `LTIRELAY#${id}`, sk: 'RELAY' });
export interface RelayItem {
  issuer: string;
  clientId: string;
  deploymentId: string;
  sub: string;
  returnUrl: string;
  /** Who may frame the page that posts the answer (the framed launch's platform pages). */
  marco: string[];
  /** The new tab's login URL (with the relay's id): the waiting page offers it again. */
  pestana: string;
  /** The signed LtiDeepLinkingResponse, once the teacher chose. */
  jwt?: string;
  expiresAt: number;
}

/** The LMS identity a launch names: a person (`sub`) of one deployment of one registration. */
export interface LtiIdentity { issuer: string; clientId: string; registro?: string; deploymentId: string; sub: string }
export const identityHash = (i: LtiIdentity) => sha256([...registrationScope(i), i.deploymentId, i.sub].join('\n'));
/** The Mentora account an LMS identity signs in to: one item per identity, written once. */
export const accountKeyOf = (hash: string) => ({ pk: `LTIACCOUNT#${hash}`, sk: 'ACCOUNT' });
export const accountKey = (i: LtiIdentity) => accountKeyOf(identityHash(i));
/**
 * In the account's partition: the LMS identity that signs in to it (made by its first launch, or linked), so the
 * account's deletion deletes the identity's item, which lives outside the partition (forget-identities.ts).
 */
export const IDENTITY_POINTER_PREFIX = 'LTIACCOUNT#';
export const identityPointerKey = (userId: string, identity: LtiIdentity) => ({ pk: userPk(userId), sk: `${IDENTITY_POINTER_PREFIX}${identityHash(identity)}` });
/** In the account's partition: the registration it is linked through (an account links once per registration). */
export const linkedPointerKey = (userId: string, r: ThroughRegistration) => ({ pk: userPk(userId), sk: `LTILINK#${sha256(registrationScope(r).join('\n'))}` });

/**
 * `userId` once the account exists. While the first launch creates it, `claimUntil` (epoch s) holds the
 * others back; a claim left by a failed request is taken over after it passes.
 */
export interface AccountItem {
  userId?: string;
  claimUntil?: number;
  /** 'creada': made for this identity; 'vinculada': an existing account its owner linked. */
  origen?: 'creada' | 'vinculada';
  desde?: string;
}
