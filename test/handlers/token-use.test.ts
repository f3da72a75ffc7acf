import { routeKey, routes } from '../../lambdas/contract';
import { NOT_AN_ACCESS_TOKEN } from '../../lambdas/shared/auth-context';
import { invoke, type RouteKey } from '../support/invoke';

// Issue 13: on AWS the HTTP API's JWT authorizer checks the audience, and a Cognito ID token
// carries the app client as `aud`, so it passes there. Every authenticated route must still act
// only for an access token: the handlers' shared path (lambdas/shared/http.ts) refuses the rest.

const authenticated = routes.filter((r) => r.access === 'authenticated');
const anyParams = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 'c0ffee00-0000-4000-8000-000000000000']));

describe('token_use', () => {
  it.each(authenticated.map((r) => [routeKey(r), r.path] as const))('%s answers 401 in Spanish for an ID token', async (key, path) => {
    const res = await invoke(key as RouteKey, { userId: crypto.randomUUID(), claims: { token_use: 'id', aud: 'local-client', client_id: undefined }, params: anyParams(path), body: {} });
    expect(res).toMatchObject({ status: 401, body: { success: false, message: NOT_AN_ACCESS_TOKEN } });
  });

  it('lets the same learner through with an access token', async () => {
    const res = await invoke('GET /courses/my-courses', { userId: crypto.randomUUID() });
    expect(res).toMatchObject({ status: 200, body: { success: true, data: [] } });
  });
});
