// Where a signed-out visitor was when a page sent them to sign in (a shared course's "Copiar a mis
// cursos", issue 25): after signing in they land back there instead of on /dashboard. Per tab
// (sessionStorage), and only a path of this site: never a full URL another site could put there.

const KEY = 'mentora.volverA';
// A query of plain words is allowed (`?copiar=1`: what the visitor asked for, done on the way back).
const SAFE = /^\/(?!\/)[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&_-]*)?$/;

export function rememberReturnPath(path: string) {
  if (SAFE.test(path)) sessionStorage.setItem(KEY, path);
}

/** The remembered path, if any, without forgetting it. */
export const peekReturnPath = (): string | undefined => {
  const path = sessionStorage.getItem(KEY);
  return path && SAFE.test(path) ? path : undefined;
};

export const clearReturnPath = () => sessionStorage.removeItem(KEY);

/** Where to go after signing in: the remembered path (forgotten now) or `fallback`. */
export function takeReturnPath(fallback = '/dashboard'): string {
  const path = peekReturnPath();
  clearReturnPath();
  return path ?? fallback;
}
