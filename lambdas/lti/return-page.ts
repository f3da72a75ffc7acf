import { createHash } from 'node:crypto';
import { escapeHtml as escape, frameAncestorsDirective, ltiPage } from './page-shell';

// The page that takes the teacher's choice back to the LMS (Deep Linking 2.0 §4.5: the response is a form post
// of `JWT` to the request's deep_link_return_url). The SPA cannot post it itself: its policy allows forms to
// Mentora only (form-action 'self'), which stays. So the picker's form posts to Mentora (POST /lti/seleccion) and
// this page, answered by that post, carries its own policy: it may submit to that one platform address and run
// its one inline script (by hash), which submits the form at once; without script, the button does.

const SUBMIT = 'document.getElementById("volver").submit();';
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT, 'utf8').digest('base64')}'`;

const page = (title: string, body: string) => ltiPage(body, { title });

const ancestors = frameAncestorsDirective;

/**
 * Only this form to this platform; nothing else loads. Nobody frames it, but a picker that ran inside the LMS's
 * iframe: there its form must post from inside that frame (Moodle's return page calls its parent's
 * processContentItemReturnData; top-level it has none), so the platform's pages (`marco`) may frame it.
 */
export const returnPolicy = (returnUrl: string, marco: readonly string[] = []) =>
  ["default-src 'none'", "style-src 'unsafe-inline'", `script-src ${SUBMIT_HASH}`, "base-uri 'none'", `form-action ${new URL(returnUrl).origin}`, ancestors(marco)].join('; ');

export function returnPage(returnUrl: string, jwt: string): string {
  return page('Volviendo a tu plataforma', `<h1>Volviendo a tu plataforma…</h1>
<form id="volver" method="post" action="${escape(returnUrl)}">
<input type="hidden" name="JWT" value="${escape(jwt)}">
<p>Tu elección de Mentora vuelve a tu plataforma, que añade la actividad a tu curso.</p>
<p><button type="submit">Volver a tu plataforma</button></p>
</form>
<script>${SUBMIT}</script>`);
}

/** The new tab's answer when it went to the framed page's relay (relay.ts): where to finish. Nothing posts from here. */
export function relayedPage(): string {
  return page('Mentora', `<h1>Tu elección está lista</h1>
<p role="status">Vuelve a la ventana de tu plataforma, donde pulsaste «Añadir actividad», y pulsa «Ya elegí» en el cuadro de Mentora.</p>
<p>Después puedes cerrar esta pestaña.</p>`);
}

/** A refusal of the picker's post, read by the teacher: the message and the way back. */
export const refusalPolicy = (marco: readonly string[] = []) => `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; ${ancestors(marco)}`;
export function refusalPage(message: string): string {
  return page('Mentora', `<h1>No pudimos enviar tu elección</h1>
<p class="error" role="alert">${escape(message)}</p>
<p>Cierra esta ventana (o este cuadro) y vuelve a pulsar «Añadir actividad» en tu plataforma.</p>`);
}
