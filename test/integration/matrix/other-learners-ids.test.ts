import { call } from '../support/api';
import { ID_CASES, type IdCase } from './id-cases';
import { ownerAndStranger, type OwnerIds } from './owner-fixture';
import { partitionOf, sortKeys } from './owner-state';
import { byKey, pathOf } from './route-sets';

// Learner B calls every route that takes an id with learner A's ids: each answers as its case
// says, and A's partition in the table is left exactly as it was.

let owner: Awaited<ReturnType<typeof ownerAndStranger>>;
beforeAll(async () => {
  owner = await ownerAndStranger();
}, 120_000);

const strangerCalls = (key: string, c: IdCase, ids: OwnerIds) => {
  const route = byKey(key);
  return call(route.method, pathOf(route, c.params(ids)), { token: owner.stranger, ...(c.body && { body: c.body(ids) }) });
};

it('gives the owner one of every kind of item before the stranger calls', async () => {
  const kinds = [...new Set(sortKeys(await partitionOf(owner.ids.userId)).map((sk) => sk.split('#')[0]))];
  expect(kinds).toEqual(expect.arrayContaining(['COURSE', 'DIPLOMADO', 'TUTOR', 'CONN', 'PROFILE', 'REVIEW']));
});

describe.each(Object.entries(ID_CASES))('%s with another learner\'s ids', (key, c) => {
  it(`answers ${c.status} "${c.message}"`, async () => {
    const res = await strangerCalls(key, c, owner.ids);
    if (c.undo) {
      const { method, path } = c.undo(owner.ids);
      await call(method, path, { token: owner.stranger });
    }
    expect(res).toMatchObject({ status: c.status, body: { success: c.status < 300, message: c.message } });
  });
});

it('leaves the owner\'s whole partition exactly as it was', async () => {
  const before = await partitionOf(owner.ids.userId);
  for (const [key, c] of Object.entries(ID_CASES)) if (!c.writesOwner) await strangerCalls(key, c, owner.ids);
  expect(await partitionOf(owner.ids.userId)).toEqual(before);
});
