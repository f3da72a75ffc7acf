// What a launch shows inside the LMS's iframe (docs/lti.md "Inside the LMS's iframe"). The SPA is never framed
// (its pages say frame-ancestors 'none'); this one page, answered by the launch itself, may be, and only by the
// platform's own pages: its CSP names them (the registration's issuer and authentication origins, and the
// verified launch's return URL's). It offers to open Mentora in a new window: there the same login starts
// again top-level, where Mentora's cookies are first-party, so the launch works in Safari, which keeps no
// cookie for a site framed by another. No script: a link the person follows.

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's own policy: nothing loads, nothing submits, and only the platform may frame it. */
export const framePolicy = (frameAncestors: readonly string[]) =>
  ["default-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", "form-action 'none'", `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`].join('; ');

export function framePage(loginUrl: string): string {
  const href = escape(loginUrl);
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
