// Lets code outside React (the API client, the auth store) change route through the router
// when it is mounted, and through a full page load otherwise.

// React Router's navigate answers a promise for data routers, nothing otherwise.
type Navigate = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let navigateFn: Navigate | undefined;

export function registerNavigate(fn: Navigate | undefined): void {
  navigateFn = fn;
}

export function navigateTo(to: string): void {
  if (navigateFn) void navigateFn(to, { replace: true });
  else window.location.assign(to);
}
