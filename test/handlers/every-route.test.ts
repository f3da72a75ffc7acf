import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { routes, routeKey } from '../../lambdas/contract';
import { invoke, type RouteKey } from '../support/invoke';
import type { GroupCases } from '../support/route-cases';

// Driven by the route table: a route added without a handlers case fails here.
let cases: GroupCases = {};
beforeAll(async () => {
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.cases.ts'));
  const modules = await Promise.all(files.map((name) => import(`./${name}`) as Promise<{ cases: GroupCases }>));
  cases = Object.assign({}, ...modules.map((m) => m.cases)) as GroupCases;
});

const NOT_JSON = 'El cuerpo de la solicitud no es un JSON válido.';
const anyParams = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, randomUUID()]));

describe.each(routes.map((route) => [routeKey(route) as RouteKey, route] as const))('%s', (key, route) => {
  it('has a success case in a test/handlers/*.cases.ts file', () => {
    expect(cases[key]?.success).toEqual([expect.any(String), expect.any(Function)]);
  });

  it('has a bad-body case when its handler reads a JSON body', async () => {
    // Only routes with a body schema parse the body: broken JSON tells them apart.
    const userId = route.access === 'authenticated' ? randomUUID() : undefined;
    const probe = await invoke(key, { userId, params: anyParams(route.path), rawBody: '{"roto": ' });
    const readsJson = probe.status === 400 && probe.body?.message === NOT_JSON;
    expect({ readsJson, badBody: readsJson && Boolean(cases[key]?.badBody) }).toEqual({ readsJson, badBody: readsJson });
  });
});

it('recognises a route that reads a body by its answer to broken JSON', async () => {
  // Guards the probe above: were this message to change, no route would seem to read a body.
  const probe = await invoke('PUT /users/profile', { userId: randomUUID(), rawBody: '{"roto": ' });
  expect(probe).toMatchObject({ status: 400, body: { success: false, message: NOT_JSON } });
});

it('registers cases only for routes of the table', () => {
  const keys = new Set(routes.map(routeKey));
  expect(Object.keys(cases).filter((key) => !keys.has(key))).toEqual([]);
});
