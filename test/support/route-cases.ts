import { invoke, findRoute, type InvokeOptions, type RouteKey } from './invoke';

/** What a handlers test says about one route; the 401 case follows from the route table. */
export interface RouteCase {
  /** A body the route refuses, and the exact Spanish message it answers with (400). */
  badBody?: Pick<InvokeOptions, 'body' | 'rawBody' | 'headers' | 'params'> & { message: string };
  /** The success path in plain words, e.g. 'answers the course the learner created'. */
  success: [name: string, run: () => Promise<void>];
}
export type GroupCases = Partial<Record<RouteKey, RouteCase>>;

export const UNAUTHORIZED = 'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.';

/** Placeholder values for a route's `{param}`s, for calls refused before any lookup. */
const anyParams = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 'c0ffee00-0000-4000-8000-000000000000']));

/**
 * One describe per route: 401 without the authorizer's claims (authenticated routes, as the route
 * table says), 400 in Spanish for the registered bad body, and the success path.
 * test/handlers/every-route.test.ts fails for a route of the table that no cases file covers.
 */
export function describeRoutes(cases: GroupCases) {
  const entries = Object.entries(cases) as [RouteKey, RouteCase][];
  describe.each(entries.map(([key, spec]) => [key, findRoute(key), spec] as const))('%s', (key, route, spec) => {
    if (route.access === 'authenticated') {
      it('answers 401 when the request carries no authorizer claims', async () => {
        const res = await invoke(key, { params: anyParams(route.path), body: {} });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: UNAUTHORIZED });
      });
    }
    if (spec.badBody) {
      const { message, params, ...bad } = spec.badBody;
      it(`answers 400 "${message}" for a bad body`, async () => {
        const userId = route.access === 'authenticated' ? crypto.randomUUID() : undefined;
        const res = await invoke(key, { userId, params: params ?? anyParams(route.path), ...bad });
        expect(res).toMatchObject({ status: 400, body: { success: false, message } });
      });
    }
    // A success case may generate a course and then run a model job (two pipelines on the local
    // stack): 26 s alone, past the default 30 s once at load 13, so it gets the room those take.
    it(spec.success[0], spec.success[1], 90_000);
  });
}
