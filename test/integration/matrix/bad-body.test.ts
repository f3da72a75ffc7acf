import { routes } from '../../../lambdas/contract';
import { call, signUp } from '../support/api';
import { BAD_BODIES, NOT_JSON } from './bad-bodies';
import { byKey, inBatches, keyOf, pathOf } from './route-sets';

// Every route that reads a JSON body refuses a bad one with 400 and an exact Spanish message,
// before its use case runs (made-up ids in the path: nothing exists to act on).

let token: string;
beforeAll(async () => {
  token = (await signUp('Valeria')).tokens.accessToken;
});

// Table-driven (issue 42): the parser's answer is checked once per route in the first test, which finds the
// routes that parse a body by it; the second checks each route's own bad body. Both list every route that fails.
it('has a bad-body case for exactly the routes that parse a JSON body, each answering 400 with the parser\'s Spanish message', async () => {
  // A route parses a body when a body that is not JSON gets the parser's answer; the webhook reads raw bytes.
  const candidates = routes.filter((r) => r.method !== 'GET' && keyOf(r) !== 'POST /payments/webhook');
  const answers = await inBatches(candidates, async (route) => [keyOf(route), await call(route.method, pathOf(route), { token, raw: NOT_JSON.raw })] as const);
  const parsing = answers.filter(([, res]) => res.status === 400 && res.body?.message === NOT_JSON.message);
  expect(parsing.map(([key]) => key).sort()).toEqual(Object.keys(BAD_BODIES).sort());
  for (const [key, res] of parsing) expect([key, res]).toEqual([key, { status: 400, body: { success: false, message: NOT_JSON.message } }]);
});

it('every route that reads a JSON body answers 400 with its exact Spanish message for a bad body', async () => {
  const wrong = await inBatches(Object.keys(BAD_BODIES), async (key) => {
    const route = byKey(key);
    const res = await call(route.method, pathOf(route), { token, body: BAD_BODIES[key].bad });
    const expected = { status: 400, body: { success: false, message: BAD_BODIES[key].message } };
    return JSON.stringify(res) === JSON.stringify(expected) ? undefined : { key, expected, got: res };
  });
  expect(wrong.filter(Boolean)).toEqual([]);
});
