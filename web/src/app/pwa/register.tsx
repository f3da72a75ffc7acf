import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { watchForUpdates } from './update-flow';
import { UpdatePrompt } from './update-prompt';

/**
 * Imported by main.tsx a moment after the page has loaded (importing it registers), so neither
 * workbox-window nor this code is in the first load (`npm run bench web-bundle`). The prompt is its own
 * small React root: it shows over any layout, the login page's included.
 */
function registerServiceWorker() {
  const wb = new Workbox('/sw.js', { scope: '/' });
  const announce = (update: () => void) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    createRoot(host).render(<UpdatePrompt onUpdate={update} />);
  };
  watchForUpdates(wb, announce, () => window.location.reload()).catch((e: unknown) => console.warn('Service worker not registered', e));
}

registerServiceWorker();
