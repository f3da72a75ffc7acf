// A signed-in learner who opens a protected page needs the common layout, the page and the HTTP
// client: start fetching them as soon as the entry runs instead of when React first asks for them.
// The chunks are the same ones the router's lazy() imports, so nothing is fetched twice.

const pages: [RegExp, () => Promise<unknown>][] = [
  [/^\/dashboard\/?$/, () => import('../features/dashboard/dashboard-page')],
  [/^\/profile\/?$/, () => import('../features/profile/profile-page')],
  [/^\/generar\/?$/, () => import('../features/generator/generator-page')],
  [/^\/course\/[^/]+\/?$/, () => import('../features/course/course-page')],
];

export function preloadRoute(pathname: string, signedIn: boolean): void {
  if (!signedIn) return; // signed-out visitors get the login chunk, preloaded by index.html
  const page = pages.find(([pattern]) => pattern.test(pathname));
  if (!page) return;
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined); // the router reports real failures
  quiet(import('./layouts/main-layout'));
  quiet(page[1]());
  quiet(import('../lib/api-client'));
}
