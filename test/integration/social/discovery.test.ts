import { call } from '../support/api';
import { ids, learner, search, setProfile, social, uniqueTopic } from './support';

describe('finding learners by topic', () => {
  it('matches a topic without regard to case, accents or spacing', async () => {
    const topic = uniqueTopic('Programación Web');
    const ana = await learner('Ana', [topic]);
    const seeker = await learner('Sergio');
    for (const asked of [topic.toLowerCase(), topic.normalize('NFD').replace(/\p{M}/gu, ''), `  ${topic.toUpperCase().replace(' ', '   ')} `]) {
      const res = await search(seeker, asked);
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual([ana.id]);
    }
  });

  it('answers a card with only public fields', async () => {
    const topic = uniqueTopic('Astronomía');
    const ana = await learner('Ana Pública', [topic, 'Cocina']);
    const seeker = await learner('Sergio', [topic]);
    const res = await search(seeker, topic);
    expect(res.body.data.items).toEqual([
      {
        userId: ana.id, nombre: 'Ana Pública', alias: expect.stringMatching(/^ana-publica-[a-z2-9]{4}$/), intereses: [topic, 'Cocina'], temas: [], cursos: 0, leccionesCompletadas: 0,
        miembroDesde: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), enComun: [topic], conexion: 'ninguna',
      },
    ]);
  });

  it('never lists the caller', async () => {
    const topic = uniqueTopic('Historia');
    const me = await learner('Yo', [topic]);
    expect(ids(await search(me, topic))).toEqual([]);
  });

  it('follows interest changes: a removed topic no longer finds the learner, a new one does', async () => {
    const [old, fresh] = [uniqueTopic('Jardinería'), uniqueTopic('Fotografía')];
    const ana = await learner('Ana', [old]);
    const seeker = await learner('Sergio');
    expect(ids(await search(seeker, old))).toEqual([ana.id]);
    await setProfile(ana, { intereses: [fresh] });
    expect(ids(await search(seeker, old))).toEqual([]);
    expect(ids(await search(seeker, fresh))).toEqual([ana.id]);
  });

  it('shows the new nombre once the learner changes it', async () => {
    const topic = uniqueTopic('Música');
    const ana = await learner('Ana', [topic]);
    await setProfile(ana, { nombre: 'Ana María' });
    const seeker = await learner('Sergio');
    expect((await search(seeker, topic)).body.data.items[0].nombre).toBe('Ana María');
  });

  it('hides a learner who hides their profile, and finds them again when they show it', async () => {
    const topic = uniqueTopic('Ajedrez');
    const ana = await learner('Ana', [topic]);
    const seeker = await learner('Sergio', [topic]);
    const hidden = await setProfile(ana, { perfilPublico: false });
    expect(hidden.body.data.perfilPublico).toBe(false);
    expect(ids(await search(seeker, topic))).toEqual([]);
    expect(ids(await social('GET', '/social/users', seeker.token))).toEqual([]);
    await setProfile(ana, { perfilPublico: true });
    expect(ids(await search(seeker, topic))).toEqual([ana.id]);
  });

  it('pages through results with an opaque cursor, each learner exactly once', async () => {
    const topic = uniqueTopic('Robótica');
    const found = await Promise.all(['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'].map((n) => learner(n, [topic])));
    const seeker = await learner('Sergio');
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const res = await search(seeker, topic, `&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      sizes.push(res.body.data.items.length);
      seen.push(...ids(res));
      cursor = res.body.data.cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen.sort()).toEqual(found.map((l) => l.id).sort());
  });

  it('refuses a bad cursor, a limit over 50 and an empty topic, in Spanish', async () => {
    const seeker = await learner('Sergio');
    const bad = await search(seeker, 'algo', '&cursor=esto-no-es-un-cursor');
    expect(bad).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/cursor no es válido/) } });
    expect((await search(seeker, 'algo', '&limit=51')).body.message).toMatch(/no puede superar 50/);
    expect((await search(seeker, '   ')).body.message).toMatch(/El tema es obligatorio/);
    expect((await call('GET', '/social/users/search', { token: seeker.token })).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/social/users/search?topic=x')).status).toBe(401);
    expect((await call('GET', '/social/users')).status).toBe(401);
  });
});

describe('suggested learners', () => {
  it('ranks learners by how many topics they share with the caller', async () => {
    const [a, b, c] = [uniqueTopic('Python'), uniqueTopic('Datos'), uniqueTopic('Estadística')];
    const one = await learner('Comparte uno', [c]);
    const three = await learner('Comparte tres', [a, 'estadistica' + c.slice('Estadística'.length), b]);
    const two = await learner('Comparte dos', [b, a]);
    const me = await learner('Yo', [a, b, c]);
    const res = await social('GET', '/social/users', me.token);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([three.id, two.id, one.id]);
    expect(res.body.data.items[0].enComun.sort()).toEqual([a, b, c].sort());
  });

  it('invites a learner with no topics to add some: an empty page', async () => {
    const me = await learner('Sin intereses');
    expect((await social('GET', '/social/users', me.token)).body.data).toEqual({ items: [], cursor: null });
  });

  it('pages through suggestions without repeating anyone', async () => {
    const topic = uniqueTopic('Teatro');
    const others = await Promise.all(['A', 'B', 'C'].map((n) => learner(n, [topic])));
    const me = await learner('Yo', [topic]);
    const first = await social('GET', '/social/users?limit=2', me.token);
    const second = await social('GET', `/social/users?limit=2&cursor=${first.body.data.cursor}`, me.token);
    expect(second.body.data.cursor).toBeNull();
    expect([...ids(first), ...ids(second)].sort()).toEqual(others.map((o) => o.id).sort());
  });
});
