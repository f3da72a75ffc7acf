import { VitePWA } from 'vite-plugin-pwa';

/**
 * The web app manifest and the service worker (issue 44): vite-plugin-pwa with `injectManifest`, so the
 * worker is our own `src/sw.ts` (the offline download and the outbox add their routes there) with the
 * build's precache list injected. The page registers it itself, lazily (`src/app/pwa/register.ts`,
 * `injectRegister: false`), and an update waits for the learner (`registerType: 'prompt'`).
 * No worker in Vite's dev server (`devOptions` off): `npm start` serves the production build, which has one.
 */
export const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    devOptions: { enabled: false },
    injectManifest: {
      // The shell: code, styles, the page and the logo. Icons and robots.txt are fetched when asked for.
      globPatterns: ['**/*.{js,css,html,svg}'],
    },
    manifest: {
      id: '/',
      name: 'Mentora · Aprende con inteligencia artificial',
      short_name: 'Mentora',
      description: 'Cursos personalizados con inteligencia artificial: aprende lo que quieras, cuando quieras.',
      lang: 'es',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#4f46e5',
      background_color: '#ffffff',
      categories: ['education'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
