import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { pwa } from './pwa';
import { inlineCss, preloadLoginRoute } from './route-preload-plugin';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

// One build for every environment: runtime settings come from /config.json, not import.meta.env.
export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), preloadLoginRoute(), inlineCss(), pwa()],
  // The SPA imports the API contract from lambdas/contract.
  server: { fs: { allow: [repo] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
