import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './config/runtime-config';
import './index.css';

// Start fetching /config.json now; the API client awaits it, the first paint does not.
loadRuntimeConfig().catch((e) => console.error(e));

createRoot(document.getElementById('root')!).render(<App />);
