import { publicProfile } from '../../../lambdas/contract/social';
import { toPublicProfile, toRecord, wantedTopics } from '../../../lambdas/social/public-profile-store';

describe('the public projection', () => {
  const item = {
    pk: 'USER#u1', sk: 'PUBLIC', userId: 'u1', nombre: 'Ana', intereses: ['Arte'], temasPublicos: { c1: 'Cerámica', c2: 'ceramica' },
    cursos: 2, completadasPorCurso: { c1: 3, c2: 4 }, miembroDesde: '2026-01-01T00:00:00.000Z', publico: true,
    // Fields that must never reach a card, even if someone wrote them here by mistake.
    email: 'ana@example.com', bio: 'privada', plan: { nombre: 'premium' }, accessToken: 'jwt', stripeCustomerId: 'cus_1',
  };

  it('builds a card from the chosen fields only', () => {
    const card = toPublicProfile(toRecord(item));
    expect(card).toEqual({
      userId: 'u1', nombre: 'Ana', alias: expect.stringMatching(/^ana-[a-z2-9]{4}$/), intereses: ['Arte'], temas: ['Cerámica'], cursos: 2, leccionesCompletadas: 7, miembroDesde: '2026-01-01T00:00:00.000Z',
    });
    expect(Object.keys(card).sort()).toEqual(Object.keys(publicProfile.shape).sort());
  });

  it('is indexed under interests and course topics while visible, under nothing while hidden', () => {
    expect([...wantedTopics(toRecord(item)).keys()]).toEqual(['arte', 'ceramica']);
    expect(wantedTopics(toRecord({ ...item, publico: false })).size).toBe(0);
  });

  it('is hidden unless the learner chose to show it: older items that only say `visible` are hidden', () => {
    const { publico: _, ...older } = item;
    expect(toRecord({ ...older, visible: true }).visible).toBe(false);
    expect(wantedTopics(toRecord({ ...older, visible: true })).size).toBe(0);
  });

  it('shows only the topics of courses whose switch is on, never the older `temasCursos` set', () => {
    expect(toRecord({ ...item, temasPublicos: {}, temasCursos: new Set(['Cerámica']) }).temasCursos).toEqual([]);
  });

  it('is not indexed before it has a nombre (a course recorded before the profile was copied)', () => {
    expect(wantedTopics(toRecord({ userId: 'u2', publico: true, temasPublicos: { c1: 'Arte' } })).size).toBe(0);
  });
});
