import { createHash } from 'node:crypto';
import { escapeHtml as escape, frameAncestorsDirective, ltiPage } from './page-shell';
import { HAND_SCRIPT, LAUNCH_SCRIPT, LOGIN_SCRIPT } from './storage-scripts';

// The pages of the LTI client-side storage path (docs/lti.md "Inside the LMS's iframe"): the login's, which puts
// the state's binding value and the nonce in the platform's storage before the authentication request, and the
// launch's, which reads them back and finishes the launch. Both are shown in the LMS's iframe, so each has its
// own policy: only the platform may frame it, its one script by hash, its one fetch to Mentora.

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
/** JSON inside a <script> block: `<` escaped so that no value can close it. */
const jsonBlock = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** How long the platform has to answer each message (the 1EdTech examples wait 2 s; a busy LMS page gets more). */
export const STORAGE_WAIT_MS = 5000;

/** The Spanish text the launch's page shows when the storage path cannot finish, while it carries the launch to a new tab. */
export const STORAGE_TEXT = {
  sinRespuesta: 'Tu plataforma no respondió a Mentora dentro de esta página. Preparando una pestaña nueva…',
  sinAlmacen: 'Tu navegador no deja a Mentora guardar datos dentro de tu plataforma. Preparando una pestaña nueva…',
  fallo: 'No pudimos abrir Mentora dentro de tu plataforma. Preparando una pestaña nueva…',
} as const;

/** `formAction`: the one origin the page's form may post to (the launch's page: Mentora's, to carry the launch). */
export const storagePolicy = (script: string, frameAncestors: readonly string[], connect: boolean, formAction?: string) =>
  [
    "default-src 'none'",
    `script-src ${hashOf(script)}`,
    "style-src 'unsafe-inline'",
    ...(connect ? ["connect-src 'self'"] : []),
    "base-uri 'none'",
    `form-action ${formAction ?? "'none'"}`,
    frameAncestorsDirective(frameAncestors),
  ].join('; ');

const page = (data: unknown, script: string, body: string) =>
  ltiPage(`<h1>Mentora</h1>\n${body}`, { after: `<script type="application/json" id="lti-datos">${jsonBlock(data)}</script>\n<script>${script}</script>\n` });

export interface StorageLogin {
  /** The platform's authentication request (with state and nonce): where the page goes next. */
  auth: string;
  /** The platform's OIDC authentication origin: the only target and the only sender of replies. */
  origen: string;
  /** `lti_storage_target`: the platform's frame that keeps the values ('_parent': its own window). */
  destino: string;
  /** [key, value] pairs to store. */
  guardar: [string, string][];
}

export const loginStoragePage = (data: StorageLogin) =>
  page({ ...data, espera: STORAGE_WAIT_MS }, LOGIN_SCRIPT, '<p role="status">Conectando con tu plataforma…</p>');
export const loginStoragePolicy = (frameAncestors: readonly string[]) => storagePolicy(LOGIN_SCRIPT, frameAncestors, false);

export interface StorageLaunch {
  origen: string;
  destino: string;
  /** The keys the login stored: the state's binding value and the nonce. */
  claves: { estado: string; nonce: string };
  /** The launch's own fields, posted again with the values read (same origin). */
  envio: { id_token: string; state: string };
  /** Where to post them: the launch URL (and where the form posts the launch again to carry it). */
  accion: string;
}

/**
 * The way out when the storage path cannot finish: the same launch posted again in the frame, asking to be carried
 * to a new tab (`llevar`). The platform's login hint is single-use, so a new login there would be refused.
 */
const carryForm = (data: StorageLaunch) => `<form id="llevar" method="post" action="${escape(data.accion)}" hidden>
<input type="hidden" name="id_token" value="${escape(data.envio.id_token)}">
<input type="hidden" name="state" value="${escape(data.envio.state)}">
<input type="hidden" name="llevar" value="1">
</form>`;

export const launchStoragePage = (data: StorageLaunch) =>
  page(
    { ...data, espera: STORAGE_WAIT_MS, textos: STORAGE_TEXT },
    LAUNCH_SCRIPT,
    `<p id="estado" role="status">Entrando en Mentora…</p>
${carryForm(data)}`,
  );
export const launchStoragePolicy = (frameAncestors: readonly string[], formAction: string) => storagePolicy(LAUNCH_SCRIPT, frameAncestors, true, formAction);

/** The platform storage's keys for a login (the 1EdTech examples' `state_<state>` and `nonce_<nonce>`). */
/** The framed launch, bound by its cookie and done (launch.ts `framed`): the ticket and its proof, handed to /lti/entrar. */
export interface FramedEntry { destino: string; ticket: string; prueba: string }

const HAND_TEXT = 'Tu navegador no deja a Mentora guardar datos dentro de tu plataforma. Vuelve a abrir la actividad desde tu plataforma.';
export const framedEntryPage = (data: FramedEntry) =>
  page({ ...data, texto: HAND_TEXT }, HAND_SCRIPT, '<p id="estado" role="status">Entrando en Mentora…</p>');
export const framedEntryPolicy = (frameAncestors: readonly string[]) => storagePolicy(HAND_SCRIPT, frameAncestors, false);

export const storageKeys = (state: string, nonce: string) => ({ estado: `state_${state}`, nonce: `nonce_${nonce}` });
