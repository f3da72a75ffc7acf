/// <reference lib="webworker" />
// The service worker (issue 44): built by vite-plugin-pwa (injectManifest) into dist/sw.js. It precaches
// the app shell (the build's JS, CSS, HTML and SVG, with their revisions) and answers the SPA's
// navigations with the precached index.html. The API, the local stack's controls and the S3 bucket's
// presigned audio are never cached here: only the routes below answer, every other request goes to the
// network as if there were no worker.
//
// Updates: a new build installs beside the running one and WAITS; the page announces it ("Hay una
// versión nueva — Actualizar", app/pwa/update-prompt.tsx) and only the learner's press sends SKIP_WAITING.
// Nothing here calls skipWaiting() by itself, so a lesson is never swapped under the learner.
//
// Extending it (the offline course download and the outbox, issue 44 items 2-5): register more routes
// below `SHELL ROUTES` with workbox-routing / workbox-strategies (their caches under their own names, so
// cleanupOutdatedCaches, which only removes old precaches, leaves them), and never a route for `/api/`
// answers that are not the learner's own downloaded course.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { NOT_THE_SHELL, SKIP_WAITING } from './app/pwa/sw-contract';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// SHELL ROUTES
// Any route of the SPA opens with the precached index.html; server paths (the API, local controls) never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_SHELL }));
// The runtime configuration is written by each deployment: the network's copy when there is one, the
// last one read otherwise (so the shell still starts without a connection).
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json', new NetworkFirst({ cacheName: 'mentora-config', networkTimeoutSeconds: 5 }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
// The first install takes the open page at once (nothing older to swap): it works offline from then on.
clientsClaim();
