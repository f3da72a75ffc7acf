// What a launch shows inside the LMS's iframe (docs/lti.md "Inside the LMS's iframe"). The SPA is never framed
// (its pages say frame-ancestors 'none'); this one page, answered by the launch itself, may be, and only by the
// platform's own pages: its CSP names them (the registration's issuer and authentication origins, and the
// verified launch's return URL's). It offers to open Mentora in a new window: there the same login starts
// again top-level, where Mentora's cookies are first-party, so the launch works in Safari, which keeps no
// cookie for a site framed by another. No script: a link the person follows.

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page's own policy: nothing loads, and only the platform may frame it; nothing submits, but a deep-linking
 * page's "Ya elegí" form, to Mentora (`formAction`: the picker's form post, relay.ts).
 */
export const framePolicy = (frameAncestors: readonly string[], formAction?: string) =>
  ["default-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", `form-action ${formAction ?? "'none'"}`, `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`].join('; ');

/** A deep-linking page's way back: its relay's secret, posted to `action` (POST /api/lti/seleccion) by "Ya elegí". */
export interface RelayForm { action: string; secret: string }

const relayForm = (relay: RelayForm) => `<form method="post" action="${escape(relay.action)}">
<input type="hidden" name="relevo" value="${escape(relay.secret)}">
<p><button type="submit" class="boton">Ya elegí</button></p>
</form>`;

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.5;margin:0 0 1rem;color:#334155}
.boton{display:inline-block;background:#4338ca;color:#fff;font:inherit;font-weight:600;text-decoration:none;border:0;cursor:pointer;padding:.75rem 1.25rem;border-radius:.75rem}
.boton:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}`;

const tabLink = (loginUrl: string) => `<p><a class="boton" href="${escape(loginUrl)}" target="_blank" rel="noopener">Abrir Mentora en una pestaña nueva</a></p>
<p>Si no se abre, permite las ventanas emergentes de este sitio y vuelve a intentarlo.</p>`;

/** The framed deep-linking page after "Ya elegí" came too early: the teacher has not chosen in the tab yet (or closed it). */
export function relayWaitingPage(relay: RelayForm, loginUrl: string): string {
  return shell(`<p role="status">Todavía no elegiste en la pestaña de Mentora. Elige allí el contenido y vuelve a pulsar «Ya elegí».</p>
${tabLink(loginUrl)}
${relayForm(relay)}`);
}

const shell = (body: string) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Mentora</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
<h1>Mentora</h1>
${body}
</main>
</body>
</html>
`;

export function framePage(loginUrl: string, relay?: RelayForm): string {
  const href = escape(loginUrl);
  if (relay) {
    return shell(`<p>Elige en una pestaña nueva qué contenido de Mentora se añade a tu curso. Cuando termines, vuelve aquí y pulsa «Ya elegí».</p>
${tabLink(loginUrl)}
${relayForm(relay)}`);
  }
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Mentora</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.5;margin:0 0 1rem;color:#334155}
a.boton{display:inline-block;background:#4338ca;color:#fff;font-weight:600;text-decoration:none;padding:.75rem 1.25rem;border-radius:.75rem}
a.boton:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Mentora</h1>
<p>Tus cursos, tu tutor y tus evaluaciones de Mentora se abren en una pestaña nueva, con tu usuario de esta plataforma.</p>
<p><a class="boton" href="${href}" target="_blank" rel="noopener">Abrir Mentora en una pestaña nueva</a></p>
<p>Si no se abre, permite las ventanas emergentes de este sitio y vuelve a intentarlo.</p>
</main>
</body>
</html>
`;
}
