import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/route-preload';
import { loadRuntimeConfig } from './config/runtime-config';
import { useAuthStore } from './features/auth/store';
import './index.css';

// Start fetching /config.json now; the API client awaits it, the first paint does not.
loadRuntimeConfig().catch((e) => console.error(e));

preloadRoute(window.location.pathname, useAuthStore.getState().isAuthenticated);

// Let the browser paint the static splash of index.html first, then render the app.
requestAnimationFrame(() => setTimeout(() => createRoot(document.getElementById('root')!).render(<App />)));

// The service worker (issue 44, app/pwa/): registered from a lazy chunk a moment after the page has loaded,
// so the first load carries only these lines. Only the production build has one (vite-plugin-pwa links its
// manifest there; Vite's dev server has neither).
if ('serviceWorker' in navigator && document.querySelector('link[rel=manifest]')) addEventListener('load', () => setTimeout(() => void import('./app/pwa/register'), 1000));
