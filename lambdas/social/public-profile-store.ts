import { BatchGetCommand, GetCommand, UpdateCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PublicProfile } from '../contract/social';
import { userPk } from '../shared/table';
import { topicsOf, type TopicIndex } from './topic-index';

// The public projection of a learner: its own item (USER#<sub> / PUBLIC), written field by field
// from what the learner chose to share. Other learners only ever read this item, never PROFILE.

const PUBLIC = 'PUBLIC';

/** What the projection is built from: the learner's own profile (users group). */
export interface ProfileSource {
  id: string;
  nombre: string;
  intereses: string[];
  createdAt: string;
  perfilPublico?: boolean;
}

/** The projection as stored, before it becomes a card. */
export interface ProjectionRecord {
  userId: string;
  nombre?: string;
  intereses: string[];
  temasCursos: string[];
  cursos: number;
  leccionesCompletadas: number;
  miembroDesde?: string;
  visible: boolean;
}

export function toRecord(item: Record<string, unknown>): ProjectionRecord {
  const temas = item.temasCursos;
  return {
    userId: String(item.userId),
    nombre: item.nombre as string | undefined,
    intereses: (item.intereses as string[] | undefined) ?? [],
    temasCursos: temas instanceof Set ? [...temas].map(String).sort() : [],
    cursos: Number(item.cursos ?? 0),
    leccionesCompletadas: Object.values((item.completadasPorCurso as Record<string, number> | undefined) ?? {}).reduce((a, n) => a + Math.max(0, Number(n) || 0), 0),
    miembroDesde: item.miembroDesde as string | undefined,
    // A learner is public unless they said otherwise.
    visible: item.visible !== false,
  };
}

/** The normalised topics a projection is indexed under: none while hidden or not yet complete. */
export const wantedTopics = (r: ProjectionRecord | undefined) =>
  r && r.visible && r.nombre ? topicsOf([...r.intereses, ...r.temasCursos]) : new Map<string, string>();

/** The card fields, chosen one by one: nothing else of the item can reach a response. */
export function toPublicProfile(r: ProjectionRecord): PublicProfile {
  return {
    userId: r.userId,
    nombre: r.nombre ?? 'Persona de Mentora',
    intereses: r.intereses,
    temas: [...topicsOf(r.temasCursos).values()],
    cursos: r.cursos,
    leccionesCompletadas: r.leccionesCompletadas,
    miembroDesde: r.miembroDesde ?? '',
  };
}

export interface PublicProfileStore {
  /** Copies the public fields of a profile into the projection (one write) and fixes the topic index. */
  syncProfile(profile: ProfileSource): Promise<void>;
  /** The projection write alone, answering the record before and after it. */
  writeProjection(profile: ProfileSource): Promise<{ before?: ProjectionRecord; after: ProjectionRecord }>;
  /** A course on `topic` was created: its topic joins the learner's topics, the course count grows. */
  recordCourseTopic(userId: string, topic: string): Promise<void>;
  /**
   * A course's completed lessons are now `completadas` (the course item's own counter after a
   * progress write). Stored per course and summed on read: one write, and repeating it is harmless.
   */
  recordCourseProgress(userId: string, courseId: string, completadas: number): Promise<void>;
  get(userId: string): Promise<ProjectionRecord | undefined>;
  getMany(userIds: string[]): Promise<Map<string, ProjectionRecord>>;
  /** The learner's own profile item, the source the projection is repaired from. */
  profile(userId: string): Promise<ProfileSource | undefined>;
}

export function dynamoPublicProfileStore(db: DynamoDBDocumentClient, TableName: string, index: TopicIndex): PublicProfileStore {
  const key = (userId: string) => ({ pk: userPk(userId), sk: PUBLIC });
  const store: PublicProfileStore = {
    async syncProfile(p) {
      const { before, after } = await store.writeProjection(p);
      // Only the topics that changed cost a write; an unchanged profile touches no index item.
      await index.reconcile(p.id, wantedTopics(after), wantedTopics(before).keys());
    },

    async writeProjection(p) {
      const out = await db.send(
        new UpdateCommand({
          TableName,
          Key: key(p.id),
          UpdateExpression: 'SET userId = :id, nombre = :n, intereses = :i, visible = :v, miembroDesde = :since, updatedAt = :now',
          ExpressionAttributeValues: {
            ':id': p.id, ':n': p.nombre, ':i': p.intereses, ':v': p.perfilPublico !== false,
            ':since': p.createdAt, ':now': new Date().toISOString(),
          },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = out.Attributes ? toRecord(out.Attributes) : undefined;
      const after = toRecord({
        ...out.Attributes, userId: p.id, nombre: p.nombre, intereses: p.intereses, visible: p.perfilPublico !== false, miembroDesde: p.createdAt,
      });
      return { before, after };
    },

    async recordCourseTopic(userId, topic) {
      const out = await db.send(
        new UpdateCommand({
          TableName,
          Key: key(userId),
          UpdateExpression: 'SET userId = :id, updatedAt = :now ADD temasCursos :t, cursos :one',
          ExpressionAttributeValues: { ':id': userId, ':t': new Set([topic.trim()]), ':one': 1, ':now': new Date().toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const record = toRecord(out.Attributes!);
      if (!record.nombre) {
        // First sight of this learner in the community: build the rest from their profile.
        const profile = await store.profile(userId);
        if (profile) await store.syncProfile(profile);
        return;
      }
      const wanted = wantedTopics(record);
      const [norm] = topicsOf([topic]).keys();
      if (norm && wanted.has(norm)) await index.put(userId, norm, wanted.get(norm)!);
    },

    async recordCourseProgress(userId, courseId, completadas) {
      const setOne = () =>
        db.send(
          new UpdateCommand({
            TableName,
            Key: key(userId),
            UpdateExpression: 'SET completadasPorCurso.#c = :n',
            ConditionExpression: 'attribute_exists(completadasPorCurso)',
            ExpressionAttributeNames: { '#c': courseId },
            ExpressionAttributeValues: { ':n': completadas },
          }),
        );
      try {
        await setOne();
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        // First progress of this learner: a nested path needs its map to exist first.
        await db.send(
          new UpdateCommand({
            TableName,
            Key: key(userId),
            UpdateExpression: 'SET userId = :id, completadasPorCurso = if_not_exists(completadasPorCurso, :empty)',
            ExpressionAttributeValues: { ':id': userId, ':empty': {} },
          }),
        );
        await setOne();
      }
    },

    async get(userId) {
      const out = await db.send(new GetCommand({ TableName, Key: key(userId) }));
      return out.Item ? toRecord(out.Item) : undefined;
    },

    async getMany(userIds) {
      const found = new Map<string, ProjectionRecord>();
      const ids = [...new Set(userIds)];
      for (let i = 0; i < ids.length; i += 100) {
        let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map(key);
        // BatchGet may leave keys unprocessed under load: ask again for those only.
        for (let attempt = 0; keys?.length && attempt < 5; attempt++) {
          const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: keys } } }));
          for (const item of out.Responses?.[TableName] ?? []) found.set(String(item.userId), toRecord(item));
          keys = out.UnprocessedKeys?.[TableName]?.Keys;
        }
      }
      return found;
    },

    async profile(userId) {
      const out = await db.send(new GetCommand({ TableName, Key: { pk: userPk(userId), sk: 'PROFILE' }, ConsistentRead: true }));
      if (!out.Item) return undefined;
      const { id, nombre, intereses, createdAt, perfilPublico } = out.Item as Partial<ProfileSource> & Pick<ProfileSource, 'id' | 'nombre' | 'createdAt'>;
      return { id, nombre, intereses: intereses ?? [], createdAt, ...(typeof perfilPublico === 'boolean' && { perfilPublico }) };
    },
  };
  return store;
}
