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
 * can come seconds later on a slow phone, and re-render the page after it is reached. Hold the position
 * until the learner takes over (wheel, touch, a key, a click) or this long has passed.
 */
const SETTLE_MS = 5000;
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

function settle(attempt: () => boolean) {
  const until = performance.now() + SETTLE_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const e of TAKE_OVER) window.removeEventListener(e, stop);
  };
  for (const e of TAKE_OVER) window.addEventListener(e, stop, { passive: true });
  // Reaching the position once is not enough: the page's data can re-render it a moment later (a
  // refetch replacing a skeleton) and move the scroll again. So it is held until the window ends.
  const step = () => {
    attempt();
    if (performance.now() > until) return stop();
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
      });
    }
    window.scrollTo(0, 0);
    return undefined;
    // A new page is a new path or a new query (the course page's lesson); the hash alone is handled above.
  }, [location.pathname, location.search, location.hash, location.key, type]);

  return null;
}
