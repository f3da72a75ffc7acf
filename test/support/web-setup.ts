import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages are lazy: their first import is compiled on demand, slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it has no scrolling: window.scrollTo only reports "Not implemented".
// The app scrolls on every navigation (web/src/app/scroll-restoration.tsx); browsers prove that
// behaviour (test/e2e/navigation-scroll.e2e.test.ts), here it is a no-op.
window.scrollTo = () => {};
