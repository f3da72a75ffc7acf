import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages are lazy: their first import is compiled on demand, slow on a busy 2-core machine. Under a load of
// 20 to 26 (seven people's work on two cores) that first import alone took more than 5 s, and a 5 s bound failed
// findBy… on pages that render right once compiled. These are bounds, never paces: a passing wait ends as soon
// as its condition holds, so a wider bound costs nothing and only a broken page waits it out.
configure({ asyncUtilTimeout: 20_000 });
// A test waits for a few such bounds in a row; jest's 30 s (jest.config.js) would cut the second one short.
jest.setTimeout(90_000);

// jsdom lays nothing out, so it has no scrolling: window.scrollTo only reports "Not implemented".
// The app scrolls on every navigation (web/src/app/scroll-restoration.tsx); browsers prove that
// behaviour (test/e2e/navigation-scroll.e2e.test.ts), here it is a no-op.
window.scrollTo = () => {};
