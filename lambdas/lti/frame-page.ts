import { escapeHtml as escape, frameAncestorsDirective, ltiPage } from './page-shell';

// What a launch shows inside the LMS's iframe when nothing binds it to the browser there (docs/lti.md "Inside the
// LMS's iframe": no cookie kept in the frame, no platform storage; Safari on a Moodle). The SPA is never framed
// (its pages say frame-ancestors 'none'); this page, answered by the launch itself, may be, and only by the
// platform's own pages: its CSP names them (the registration's issuer and authentication origins, and the
// verified launch's return URL's). Its link opens the launch, carried, in a new tab (launch.ts), where Mentora is
// first-party and asks "¿Eres tú?" before signing in. No script: a link the person follows.

/**
 * The page's own policy: nothing loads, and only the platform may frame it; nothing submits, but a deep-linking
 * page's "Ya elegí" form, to Mentora (`formAction`: the picker's form post, relay.ts).
 */
export const framePolicy = (frameAncestors: readonly string[], formAction?: string) =>
  ["default-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", `form-action ${formAction ?? "'none'"}`, frameAncestorsDirective(frameAncestors)].join('; ');

/** A deep-linking page's way back: its relay's secret, posted to `action` (POST /api/lti/seleccion) by "Ya elegí". */
export interface RelayForm { action: string; secret: string }

const relayForm = (relay: RelayForm) => `<form method="post" action="${escape(relay.action)}">
<input type="hidden" name="relevo" value="${escape(relay.secret)}">
<p><button type="submit" class="boton">Ya elegí</button></p>
</form>`;

const tabLink = (tabUrl: string) => `<p><a class="boton" href="${escape(tabUrl)}" target="_blank" rel="noopener">Abrir Mentora en una pestaña nueva</a></p>
<p>Si no se abre, permite las ventanas emergentes de este sitio y vuelve a intentarlo.</p>`;

/** The framed deep-linking page after "Ya elegí" came too early: the teacher has not chosen in the tab yet (or closed it). */
export function relayWaitingPage(relay: RelayForm, tabUrl: string): string {
  return ltiPage(`<h1>Mentora</h1>
<p role="status">Todavía no elegiste en la pestaña de Mentora. Elige allí el contenido y vuelve a pulsar «Ya elegí».</p>
${tabLink(tabUrl)}
${relayForm(relay)}`);
}

/** The page itself: the link to the new tab (`tabUrl`: /lti/entrar with the carried launch), and a deep-linking launch's relay form. */
export function framePage(tabUrl: string, relay?: RelayForm): string {
  if (relay) {
    return ltiPage(`<h1>Mentora</h1>
<p>Elige en una pestaña nueva qué contenido de Mentora se añade a tu curso. Cuando termines, vuelve aquí y pulsa «Ya elegí».</p>
${tabLink(tabUrl)}
${relayForm(relay)}`);
  }
  return ltiPage(`<h1>Mentora</h1>
<p>Tus cursos, tu tutor y tus evaluaciones de Mentora se abren en una pestaña nueva, con tu usuario de esta plataforma.</p>
${tabLink(tabUrl)}`);
}
