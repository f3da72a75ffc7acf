// Bundled in place of `semver` (see ESBUILD_OPTIONS.alias). The X-Ray SDK under Powertools Tracer
// asks it two things: cls-hooked whether Node is >= 8 (to pick async_hooks) and the SDK v2 patcher
// (never used: Mentora is on SDK v3) whether that SDK is recent enough. The whole package is 28 KB
// of every bundle; `gte` on plain x.y.z versions is all either needs.

const parts = (version: string) => version.replace(/^v/, '').split(/[.+-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0);

export function gte(a: string, b: string): boolean {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return true;
}

export default { gte };
