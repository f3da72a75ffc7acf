import { routes } from '../../../lambdas/contract';
import { call, signUp } from '../support/api';
import { BAD_BODIES, NOT_JSON } from './bad-bodies';
import { byKey, keyOf, pathOf } from './route-sets';

// Every route that reads a JSON body refuses a bad one with 400 and an exact Spanish message,
// before its use case runs (made-up ids in the path: nothing exists to act on).

let token: string;
beforeAll(async () => {
  token = (await signUp('Valeria')).tokens.accessToken;
});

const bodyRoutes = Object.keys(BAD_BODIES).map((key) => [key, byKey(key)] as const);

it('has a bad-body case for exactly the routes that parse a JSON body', async () => {
  // A route parses a body when a body that is not JSON gets the parser's answer; the webhook reads raw bytes.
  const parsing: string[] = [];
  for (const route of routes.filter((r) => r.method !== 'GET' && keyOf(r) !== 'POST /payments/webhook')) {
    const res = await call(route.method, pathOf(route), { token, raw: NOT_JSON.raw });
    if (res.status === 400 && res.body.message === NOT_JSON.message) parsing.push(keyOf(route));
  }
  expect(parsing.sort()).toEqual(Object.keys(BAD_BODIES).sort());
});

describe.each(bodyRoutes)('%s', (key, route) => {
  it('answers 400 with the parser\'s Spanish message for a body that is not JSON', async () => {
    const res = await call(route.method, pathOf(route), { token, raw: NOT_JSON.raw });
    expect(res).toEqual({ status: 400, body: { success: false, message: NOT_JSON.message } });
  });

  it(`answers 400 "${BAD_BODIES[key].message}" for a bad body`, async () => {
    const res = await call(route.method, pathOf(route), { token, body: BAD_BODIES[key].bad });
    expect(res).toEqual({ status: 400, body: { success: false, message: BAD_BODIES[key].message } });
  });
});
