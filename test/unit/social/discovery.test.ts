import { afterCursor, decodeCursor, encodeCursor, offsetCursor } from '../../../lambdas/social/cursor';
import { SUGGESTION_TOPICS, searchLearners, suggestLearners } from '../../../lambdas/social/discovery';
import { community } from './fakes';

const ids = (page: { items: { userId: string }[] }) => page.items.map((c) => c.userId);

describe('page cursors', () => {
  it('round-trip their position and nothing else', () => {
    expect(decodeCursor(offsetCursor, encodeCursor({ o: 24 }))).toEqual({ o: 24 });
    expect(decodeCursor(afterCursor, encodeCursor({ a: 'abc-1' }))).toEqual({ a: 'abc-1' });
    expect(decodeCursor(offsetCursor, undefined)).toBeUndefined();
  });

  it.each([
    ['garbage', offsetCursor, 'not base64 json'],
    ['a negative offset', offsetCursor, encodeCursor({ o: -1 })],
    ['an offset with extra fields', offsetCursor, encodeCursor({ o: 1, extra: true })],
    ['a raw DynamoDB key', afterCursor, encodeCursor({ a: 'x', pk: 'USER#y' })],
    ['a key-like learner id', afterCursor, encodeCursor({ a: 'USER#x' })],
  ])('refuse %s with a Spanish 400', (_what, schema, cursor) => {
    expect(() => decodeCursor(schema, cursor)).toThrow(/El cursor no es válido/);
  });
});

describe('suggested learners', () => {
  it('rank by shared topics, then in a stable order, never the caller or a hidden learner', async () => {
    const c = community();
    await c.join('me', ['A', 'B', 'C']);
    await c.join('one', ['c']);
    await c.join('three', ['á', 'B', 'c']);
    await c.join('two-x', ['A', 'b']);
    await c.join('two-y', ['A', 'C']);
    await c.join('hidden', ['A', 'B', 'C'], { perfilPublico: false });
    await c.join('stranger', ['Z']);
    expect(ids(await suggestLearners(c.deps, 'me', {}))).toEqual(['three', 'two-x', 'two-y', 'one']);
  });

  it('page with an offset cursor until the list ends', async () => {
    const c = community();
    await c.join('me', ['A']);
    for (const id of ['p1', 'p2', 'p3']) await c.join(id, ['A']);
    const first = await suggestLearners(c.deps, 'me', { limit: 2 });
    const second = await suggestLearners(c.deps, 'me', { limit: 2, cursor: first.cursor! });
    expect([ids(first), ids(second), second.cursor]).toEqual([['p1', 'p2'], ['p3'], null]);
  });
});

describe('one row per person (issue 34)', () => {
  it('suggest nobody the caller already has a request or a connection with: they are listed there', async () => {
    const c = community();
    await c.join('me', ['A', 'B']);
    for (const id of ['asked', 'asking', 'friend', 'new']) await c.join(id, ['A', 'b']);
    const { sendRequest, acceptRequest } = await import('../../../lambdas/social/connections');
    await sendRequest(c.deps, 'me', 'asked');
    await sendRequest(c.deps, 'asking', 'me');
    await sendRequest(c.deps, 'me', 'friend');
    await acceptRequest(c.deps, 'friend', 'me');
    const page = await suggestLearners(c.deps, 'me', {});
    // Before: all four, each sharing two topics (the three related ones again beside the connections).
    expect(ids(page)).toEqual(['new']);
    expect(page.items[0]).toMatchObject({ conexion: 'ninguna', enComun: ['A', 'B'] });
  });

  it('list a learner sharing several topics once in a search and in suggestions', async () => {
    const c = community();
    await c.join('me', ['Arte', 'Cine', 'Música']);
    await c.join('other', ['arte', 'CINE', 'musica'], { temasPublicos: { c1: 'Arte', c2: 'Cine' } });
    expect(ids(await suggestLearners(c.deps, 'me', {}))).toEqual(['other']);
    expect(ids(await searchLearners(c.deps, 'me', { topic: 'arte' }))).toEqual(['other']);
  });
});

describe('suggestion bounds (issue 13)', () => {
  it(`read at most ${SUGGESTION_TOPICS.max} of the caller's topics, ${SUGGESTION_TOPICS.inFlight} at a time`, async () => {
    const c = community();
    const topics = Array.from({ length: 20 }, (_, i) => `Tema ${i + 1}`);
    await c.join('me', topics);
    await c.join('late', ['Tema 20']);
    await c.join('early', ['Tema 1']);
    const read = c.deps.index.learners.bind(c.deps.index);
    const asked = new Set<string>();
    let inFlight = 0;
    let most = 0;
    c.deps.index.learners = async (norm, opts) => {
      asked.add(norm);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setImmediate(r));
      try {
        return await read(norm, opts);
      } finally {
        inFlight--;
      }
    };
    // Interests come first: the tenth is read, the eleventh on are not.
    expect(ids(await suggestLearners(c.deps, 'me', {}))).toEqual(['early']);
    expect(asked.size).toBe(SUGGESTION_TOPICS.max);
    expect(most).toBe(SUGGESTION_TOPICS.inFlight);
  });
});

describe('search by topic', () => {
  it('skips hidden learners without leaving a page short while more remain', async () => {
    const c = community();
    await c.join('a', ['Arte']);
    await c.join('b', ['Arte'], { perfilPublico: false });
    await c.join('c', ['Arte']);
    await c.join('d', ['Arte']);
    // A learner hidden after indexing (the race the card check covers).
    c.profiles.items.set('c', { ...c.profiles.items.get('c'), publico: false });
    const first = await searchLearners(c.deps, 'me', { topic: 'ARTE', limit: 2 });
    expect(ids(first)).toEqual(['a', 'd']);
    expect(first.cursor).toBeNull();
  });
});
