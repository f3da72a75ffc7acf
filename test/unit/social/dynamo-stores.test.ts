import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { dynamoConnectionStore } from '../../../lambdas/social/connection-store';
import { ownProjection, searchLearners } from '../../../lambdas/social/discovery';
import { dynamoPublicProfileStore } from '../../../lambdas/social/public-profile-store';
import { dynamoTopicIndex } from '../../../lambdas/social/topic-index';

// The DynamoDB stores against DynamoDB Local (the local stack's engine), in memory.

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let db: DynamoDBDocumentClient;
const stores = () => {
  const index = dynamoTopicIndex(db, TABLE_NAME);
  return { index, profiles: dynamoPublicProfileStore(db, TABLE_NAME, index), connections: dynamoConnectionStore(db, TABLE_NAME) };
};
let n = 0;
const uid = () => `u${Date.now().toString(36)}${n++}`;
/** A profile whose learner chose to be visible (the default is hidden: pass `perfilPublico` to say otherwise). */
const profile = (id: string, intereses: string[], extra: Record<string, unknown> = {}) => ({
  id, nombre: `Persona ${id}`, intereses, createdAt: '2026-01-02T03:04:05.000Z', perfilPublico: true, ...extra,
});
const byTopic = async (topic: string) => (await searchLearners(stores(), 'nadie', { topic })).items.map((c) => c.userId);

beforeAll(async () => {
  dynamo = await startDynamo();
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.url, region: LOCAL_REGION, credentials: localCredentials }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}, 240_000); // DynamoDB Local's start: a bound, not a pace (a JVM on two shared cores)
afterAll(async () => {
  db.destroy();
  await dynamo.close();
});

describe('the public projection and the topic index in DynamoDB', () => {
  it('counts a new course without showing its topic; the course switch shows it (one label per topic)', async () => {
    const { profiles } = stores();
    const id = uid();
    await profiles.syncProfile(profile(id, ['Arte']));
    await profiles.recordCourseTopic(id, 'Ciberseguridad Básica');
    await profiles.recordCourseTopic(id, 'ciberseguridad basica');
    expect(await byTopic('CIBERSEGURIDAD BÁSICA')).toEqual([]);
    expect((await profiles.get(id))!.cursos).toBe(2);
    await profiles.syncProfile(profile(id, ['Arte'], { temasPublicos: { c1: 'Ciberseguridad Básica', c2: 'ciberseguridad basica' } }));
    expect(await byTopic('CIBERSEGURIDAD BÁSICA')).toEqual([id]);
    expect((await searchLearners(stores(), 'nadie', { topic: 'arte' })).items.find((c) => c.userId === id)?.temas).toEqual(['Ciberseguridad Básica']);
  });

  it('lists nobody who never chose to be visible', async () => {
    const { profiles, index } = stores();
    const id = uid();
    await profiles.syncProfile(profile(id, ['Heráldica'], { perfilPublico: undefined }));
    expect(await index.indexed(id)).toEqual(new Set());
    expect(await byTopic('heraldica')).toEqual([]);
  });

  it('builds the projection from the profile when a course comes before any profile update', async () => {
    const { profiles } = stores();
    const id = uid();
    await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: `USER#${id}`, sk: 'PROFILE', ...profile(id, ['Óptica']), email: 'x@example.com', bio: 'privada' } }));
    await profiles.recordCourseTopic(id, 'Láseres');
    expect(await byTopic('laseres')).toEqual([]);
    expect(await byTopic('optica')).toEqual([id]);
    const stored = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: `USER#${id}`, sk: 'PUBLIC' } }));
    expect(Object.keys(stored.Item!).sort()).toEqual(['cursos', 'intereses', 'miembroDesde', 'nombre', 'pk', 'publico', 'sk', 'temasPublicos', 'updatedAt', 'userId']);
  });

  it('keeps course topics when interests change, and drops only removed interests', async () => {
    const { profiles } = stores();
    const id = uid();
    await profiles.syncProfile(profile(id, ['Redes', 'Bases de datos'], { temasPublicos: { c1: 'Kubernetes' } }));
    await profiles.syncProfile(profile(id, ['Redes'], { temasPublicos: { c1: 'Kubernetes' } }));
    expect(await byTopic('bases de datos')).toEqual([]);
    expect(await byTopic('redes')).toContain(id);
    expect(await byTopic('kubernetes')).toEqual([id]);
  });

  it('removes every index entry when the learner hides the profile, and course topics stay out while hidden', async () => {
    const { profiles, index } = stores();
    const id = uid();
    const volcanes = { temasPublicos: { c1: 'Volcanes' } };
    await profiles.syncProfile(profile(id, ['Geología'], volcanes));
    await profiles.syncProfile(profile(id, ['Geología'], { ...volcanes, perfilPublico: false }));
    expect(await index.indexed(id)).toEqual(new Set());
    await profiles.syncProfile(profile(id, ['Geología'], { ...volcanes, perfilPublico: true }));
    expect(await index.indexed(id)).toEqual(new Set(['geologia', 'volcanes']));
  });

  it('counts completed lessons across courses, following each course up and down', async () => {
    const { profiles } = stores();
    const id = uid();
    await profiles.recordCourseProgress(id, 'c1', 1);
    await profiles.syncProfile(profile(id, []));
    await profiles.recordCourseProgress(id, 'c1', 2);
    await profiles.recordCourseProgress(id, 'c2', 3);
    await profiles.recordCourseProgress(id, 'c2', 3);
    expect((await profiles.get(id))!.leccionesCompletadas).toBe(5);
    await profiles.recordCourseProgress(id, 'c1', 1);
    expect((await profiles.get(id))!.leccionesCompletadas).toBe(4);
  });

  it("repairs the caller's projection and index from their profile on their next social call", async () => {
    const deps = stores();
    const id = uid();
    await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: `USER#${id}`, sk: 'PROFILE', ...profile(id, ['Botánica']) } }));
    // Learner from before the community existed: no projection, no index.
    await ownProjection(deps, id);
    expect(await byTopic('botanica')).toEqual([id]);
    // An index entry lost in a crash comes back; a stale one goes.
    await deps.index.remove(id, 'botanica');
    await deps.index.put(id, 'zoologia', 'Zoología');
    await ownProjection(deps, id);
    expect(await deps.index.indexed(id)).toEqual(new Set(['botanica']));
  });

  it('hides a learner from before privacy by default unless their profile says they chose to be visible', async () => {
    const deps = stores();
    const [never, chose] = [uid(), uid()];
    for (const [id, extra] of [[never, { perfilPublico: undefined }], [chose, {}]] as const) {
      // As items were written before: `visible: true` by default, the topic indexed.
      await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: `USER#${id}`, sk: 'PROFILE', ...profile(id, ['Papiroflexia'], extra) } }));
      await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { pk: `USER#${id}`, sk: 'PUBLIC', userId: id, nombre: `Persona ${id}`, intereses: ['Papiroflexia'], visible: true } }));
      await deps.index.put(id, 'papiroflexia', 'Papiroflexia');
    }
    // Until their next visit the stale index entry is filtered out by the projection itself.
    expect(await byTopic('papiroflexia')).toEqual([]);
    await ownProjection(deps, never);
    await ownProjection(deps, chose);
    expect(await deps.index.indexed(never)).toEqual(new Set());
    expect(await byTopic('papiroflexia')).toEqual([chose]);
  });

  it('counts requests per day atomically and stops at the limit', async () => {
    const { connections } = stores();
    const id = uid();
    const results = await Promise.all(Array.from({ length: 8 }, () => connections.countRequest(id, '2026-03-04', 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await connections.countRequest(id, '2026-03-05', 5)).toBe(true);
  });

  it('moves a side to conectado only from the allowed states', async () => {
    const { connections } = stores();
    const [a, b] = [uid(), uid()];
    expect(await connections.connect(a, b, ['enviada'])).toBe(false);
    expect(await connections.create(a, b, 'recibida')).toBe(true);
    expect(await connections.create(a, b, 'enviada')).toBe(false);
    expect(await connections.connect(a, b, ['enviada'])).toBe(false);
    expect(await connections.connect(a, b, ['recibida'])).toBe(true);
    expect((await connections.get(a, b))?.estado).toBe('conectado');
  });
});
