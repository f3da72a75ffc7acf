// The pages the lti room answers itself, not the SPA: the launch's inside the LMS's iframe (frame-page.ts), the
// platform storage path's (platform-storage.ts), Deep Linking's answer (return-page.ts) and Dynamic Registration's
// window (close-page.ts). Each keeps its own Content-Security-Policy beside it, which is why they are not SPA pages;
// they share this shell, its style and its escaping, so they look alike and one fix reaches all four.

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `frame-ancestors`: only these origins (a platform's pages) may show the page; none: nobody. */
export const frameAncestorsDirective = (origins: readonly string[]) => `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`;

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.5;margin:0 0 1rem;color:#334155}
.boton,button{display:inline-block;background:#4338ca;color:#fff;font:inherit;font-weight:600;text-decoration:none;border:0;cursor:pointer;padding:.75rem 1.25rem;border-radius:.75rem}
.boton:focus-visible,button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.error{color:#991b1b}`;

/** A whole page: `main` holds `body`; `after` (its scripts) follows `main`. `title` is escaped here. */
export const ltiPage = (body: string, opts: { title?: string; after?: string } = {}) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(opts.title ?? 'Mentora')}</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
${body}
</main>
${opts.after ?? ''}</body>
</html>
`;
