import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

// Navigation as people expect (issue 34 item 5): a new page opens at its top (from the footer at the
// bottom of the dashboard, /generar opened scrolled 576 px down), back and forward return to where the
// learner was, and a link to `#id` lands on that element. React Router's <ScrollRestoration> needs a
// data router; this app uses <BrowserRouter>, so the same rules are kept here.

/** Where each history entry was left, by the router's location key. */
const positions = new Map<string, number>();
/**
 * Pages are lazy and their data arrives after them: the content that makes a saved position reachable
 * can come seconds later on a slow phone, and re-render the page after it is reached (a lesson arriving
 * above a section pushes it down). So the position is sought until reachable (up to FIND_MS), then held
 * until the page has kept its height for SETTLE_MS since it was reached, and never past FIND_MS, nor
 * once the learner takes over (wheel, touch, a key, a click). It used to be held 5 s in all: on a busy
 * machine the lesson came later and a study link landed on the wrong place.
 */
const FIND_MS = 20_000;
const SETTLE_MS = 5000;
/** A saved position no longer reachable (the page got shorter) is not chased long: the page's own scrolls win. */
const FIND_SAVED_MS = SETTLE_MS;
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

function settle(attempt: () => boolean, findMs = FIND_MS) {
  const start = performance.now();
  let reached: number | undefined;
  let height = -1;
  let grew = start;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const e of TAKE_OVER) window.removeEventListener(e, stop);
  };
  for (const e of TAKE_OVER) window.addEventListener(e, stop, { passive: true });
  const step = () => {
    const now = performance.now();
    const h = document.documentElement.scrollHeight;
    if (h !== height) [height, grew] = [h, now];
    if (attempt() && reached === undefined) reached = now;
    const done = reached === undefined ? now - start > findMs : now - Math.max(reached, grew) > SETTLE_MS || now - start > FIND_MS;
    if (done) return stop();
    frame = requestAnimationFrame(step);
  };
  step();
  return stop;
}

export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember each entry's position as the learner scrolls. One listener, which credits the entry shown
  // now: scroll events arrive a frame late, so the scroll this component makes on arrival counts for the
  // new page, never for the one left (an effect per entry would file the new page's top under the old).
  const current = useRef(location.key);
  useEffect(() => {
    const save = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      return settle(() => {
        const target = document.getElementById(id);
        target?.scrollIntoView({ block: 'start' });
        return target !== null;
      });
    }
    // A first load is a Pop too, with no position kept: holding the top then for 5 s would undo any
    // scroll the page makes on its own meanwhile (it undid the e2e's scroll to a dashboard card).
    const saved = type === NavigationType.Pop ? positions.get(location.key) : undefined;
    if (saved !== undefined) {
      return settle(() => {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) < 2;
      }, FIND_SAVED_MS);
    }
    window.scrollTo(0, 0);
    return undefined;
    // A new page is a new path or a new query (the course page's lesson); the hash alone is handled above.
  }, [location.pathname, location.search, location.hash, location.key, type]);

  return null;
}
