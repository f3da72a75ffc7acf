import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadingTypeFor, matchRoute, routes } from '../../../lambdas/contract';

// SPEC §7 "The calls it makes", row by row: method and path as the SPA calls them.
const SPEC_CALLS = [
  ['POST', '/auth/login'],
  ['POST', '/auth/loginsocial'],
  ['POST', '/auth/register'],
  ['POST', '/auth/confirm'],
  ['POST', '/auth/refresh'],
  ['POST', '/auth/logout'],
  ['GET', '/users/me'],
  ['PUT', '/users/profile'],
  ['POST', '/users/upgrade-premium'],
  ['POST', '/courses/suggestions'],
  ['POST', '/courses/plan'],
  ['GET', '/courses/{id}'],
  ['GET', '/courses/my-courses'],
  ['GET', '/courses/{id}/progress'],
  ['POST', '/courses/{id}/progress'],
  ['POST', '/courses/{id}/modules/{moduleId}/evaluation'],
  ['POST', '/lesson/generate'],
  ['POST', '/evaluacion/generate'],
  ['POST', '/diplomado/plan'],
  ['POST', '/diplomado/course'],
  ['POST', '/ai-tutor/chat'],
  ['GET', '/ai-tutor/context/{id}'],
  ['GET', '/social/users'],
  ['GET', '/social/users/search'],
  ['POST', '/social/connections'],
  ['GET', '/jobs/{id}'],
] as const;

const PUBLIC = new Set(['/auth/login', '/auth/loginsocial', '/auth/register', '/auth/confirm', '/auth/refresh', '/auth/logout']);

describe('the route table against SPEC §7', () => {
  it.each(SPEC_CALLS)('has %s %s', (method, path) => {
    expect(routes.some((r) => r.method === method && r.path === path)).toBe(true);
  });

  it.each(SPEC_CALLS)('%s %s is public only if it is an auth call', (method, path) => {
    const route = routes.find((r) => r.method === method && r.path === path)!;
    expect(route.access).toBe(PUBLIC.has(path) ? 'public' : 'authenticated');
  });

  it('declares every route once', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  const spec = join(__dirname, '../../../../shared/SPEC.md');
  (existsSync(spec) ? it : it.skip)('matches the table written in SPEC.md, when it sits beside the repo', () => {
    const rows = readFileSync(spec, 'utf8')
      .split('\n')
      .map((line) => /^\| (GET|POST|PUT|DELETE) \| (\/[^ |?]+)/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]);
    expect(rows).toEqual(SPEC_CALLS.map(([m, p]) => [m, p]));
  });
});

describe('matching concrete paths', () => {
  it('prefers a literal segment over a parameter', () => {
    expect(matchRoute('GET', '/courses/my-courses')?.route.path).toBe('/courses/my-courses');
    expect(matchRoute('GET', '/courses/abc')?.params).toEqual({ id: 'abc' });
  });

  it('reads every parameter of a nested path', () => {
    expect(matchRoute('POST', '/courses/c1/modules/m2/evaluation')?.params).toEqual({ id: 'c1', moduleId: 'm2' });
  });

  it('finds nothing for an unknown path or method', () => {
    expect(matchRoute('GET', '/nope')).toBeUndefined();
    expect(matchRoute('DELETE', '/users/profile')).toBeUndefined();
  });
});

describe('loading types by URL (SPEC §9)', () => {
  it.each([
    ['POST', '/api/auth/login', 'auth'],
    ['POST', '/api/courses/plan', 'generator'],
    ['POST', '/api/courses/suggestions', 'suggestions'],
    ['POST', '/api/courses/c1/progress', 'progress'],
    ['POST', '/api/ai-tutor/chat', 'chat'],
    ['PUT', '/api/users/profile', 'profile'],
    ['GET', '/api/courses/c1', 'course'],
    ['POST', '/api/evaluacion/generate', 'evaluacion'],
    ['GET', '/api/social/users/search?topic=x', 'general'],
    ['GET', '/api/unknown', 'general'],
  ])('%s %s is %s', (method, url, type) => {
    expect(loadingTypeFor(method, url)).toBe(type);
  });
});
