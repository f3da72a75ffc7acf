import type { Plugin } from 'vite';

/**
 * Adds <link rel="modulepreload"> for the login page chunk (and what it imports) to index.html,
 * so a signed-out visitor's browser fetches it alongside the entry instead of after it has run.
 * "/" and "/login" are where every new visit lands; the chunk stays lazy in the router.
 */
export function preloadLoginRoute(moduleSuffix = 'features/auth/components/login-page.tsx'): Plugin {
  return {
    name: 'mentora-preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const page = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix));
        if (!page || page.type !== 'chunk') return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || html.includes(`/${fileName}"`)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(page.fileName);
        const links = [...files].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
        return { html, tags: links };
      },
    },
  };
}

/**
 * Inlines the app's one stylesheet (Tailwind, ~6 KB gzip) into index.html: no render-blocking
 * request before the first paint. The CSP allows inline styles ('unsafe-inline' in style-src).
 */
export function inlineCss(): Plugin {
  return {
    name: 'mentora-inline-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}
