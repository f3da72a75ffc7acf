import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './config/runtime-config';
import './index.css';

// Start fetching /config.json now; the API client awaits it, the first paint does not.
loadRuntimeConfig().catch((e) => console.error(e));

// Let the browser paint the static splash of index.html first, then render the app.
requestAnimationFrame(() => setTimeout(() => createRoot(document.getElementById('root')!).render(<App />)));
