import { BatchGetCommand, GetCommand, UpdateCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PublicProfile } from '../contract/social';
import { userPk } from '../shared/table';
import { writeIf } from '../shared/table-writes';
import { publicHandle } from './public-handle';
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
  /** Shown only when true: absent (never chosen) counts as hidden. */
  perfilPublico?: boolean;
  /** Course id → topic, for the courses whose own switch shows their topic. */
  temasPublicos?: Record<string, string>;
}

/** Privacy by default: only an explicit yes makes a learner public. */
export const isPublic = (p: Pick<ProfileSource, 'perfilPublico'>) => p.perfilPublico === true;

/** The distinct topics of the courses a learner chose to show, sorted. */
export const publicCourseTopics = (map: Record<string, string> | undefined) => [...new Set(Object.values(map ?? {}).map(String))].sort();

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
  return {
    userId: String(item.userId),
    nombre: item.nombre as string | undefined,
    intereses: (item.intereses as string[] | undefined) ?? [],
    // Only topics of courses whose switch is on; the `temasCursos` set of older items is ignored.
    temasCursos: publicCourseTopics(item.temasPublicos as Record<string, string> | undefined),
    cursos: Number(item.cursos ?? 0),
    leccionesCompletadas: Object.values((item.completadasPorCurso as Record<string, number> | undefined) ?? {}).reduce((a, n) => a + Math.max(0, Number(n) || 0), 0),
    miembroDesde: item.miembroDesde as string | undefined,
    // A learner is public only after saying so (`publico`); older items' `visible` is ignored,
    // so nobody who never chose is listed.
    visible: item.publico === true,
  };
}

/** The normalised topics a projection is indexed under: none while hidden or not yet complete. */
export const wantedTopics = (r: ProjectionRecord | undefined) =>
  r && r.visible && r.nombre ? topicsOf([...r.intereses, ...r.temasCursos]) : new Map<string, string>();

/** The card fields, chosen one by one: nothing else of the item can reach a response. */
export function toPublicProfile(r: ProjectionRecord): PublicProfile {
  const nombre = r.nombre ?? 'Persona de Mentora';
  return {
    userId: r.userId,
    nombre,
    alias: publicHandle(r.userId, nombre),
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
  /** A course on `topic` was created: the course count grows; the topic stays private until the course's own switch shows it. */
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
          UpdateExpression:
            'SET userId = :id, nombre = :n, intereses = :i, publico = :v, temasPublicos = :tp, miembroDesde = :since, updatedAt = :now REMOVE visible, temasCursos',
          ExpressionAttributeValues: {
            ':id': p.id, ':n': p.nombre, ':i': p.intereses, ':v': isPublic(p), ':tp': p.temasPublicos ?? {},
            ':since': p.createdAt, ':now': new Date().toISOString(),
          },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = out.Attributes ? toRecord(out.Attributes) : undefined;
      const after = toRecord({
        ...out.Attributes, userId: p.id, nombre: p.nombre, intereses: p.intereses, publico: isPublic(p), temasPublicos: p.temasPublicos ?? {}, miembroDesde: p.createdAt,
      });
      return { before, after };
    },

    async recordCourseTopic(userId) {
      // Only counted: the topic joins the profile when the learner turns on the course's switch.
      const out = await db.send(
        new UpdateCommand({
          TableName,
          Key: key(userId),
          UpdateExpression: 'SET userId = :id, updatedAt = :now ADD cursos :one',
          ExpressionAttributeValues: { ':id': userId, ':one': 1, ':now': new Date().toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      if (!toRecord(out.Attributes!).nombre) {
        // First sight of this learner in the community: build the rest from their profile.
        const profile = await store.profile(userId);
        if (profile) await store.syncProfile(profile);
      }
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
      if (await writeIf(setOne())) return;
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
      const { id, nombre, intereses, createdAt, perfilPublico, temasPublicos } = out.Item as Partial<ProfileSource> & Pick<ProfileSource, 'id' | 'nombre' | 'createdAt'>;
      return { id, nombre, intereses: intereses ?? [], createdAt, temasPublicos: temasPublicos ?? {}, ...(typeof perfilPublico === 'boolean' && { perfilPublico }) };
    },
  };
  return store;
}
