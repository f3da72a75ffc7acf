import { SOCIAL_LIMITS, normalizeTopic, type ConnectionState, type LearnerCard, type LearnersPage, type PageQuery } from '../contract/social';
import { badRequest } from '../shared/errors';
import type { ConnectionStore } from './connection-store';
import { afterCursor, decodeCursor, encodeCursor, offsetCursor } from './cursor';
import { isPublic, publicCourseTopics, toPublicProfile, wantedTopics, type ProjectionRecord, type PublicProfileStore } from './public-profile-store';
import { topicsOf, type TopicIndex } from './topic-index';

export interface SocialDeps {
  profiles: PublicProfileStore;
  index: TopicIndex;
  connections: ConnectionStore;
}

/** How many learners per topic the suggestions rank at most: bounds the reads of one request. */
export const CANDIDATES_PER_TOPIC = 300;
/** Topics of the caller's a suggestion request considers (interests first), and topic Queries in flight at once. */
export const SUGGESTION_TOPICS = { max: 10, inFlight: 4 } as const;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const listed = (r: ProjectionRecord | undefined): r is ProjectionRecord => Boolean(r?.nombre && r.visible);
const topicsOfRecord = (r: ProjectionRecord) => topicsOf([...r.intereses, ...r.temasCursos]);

/**
 * The caller's own projection, repaired when it drifted from their profile or the topic index
 * (a crash between writes, or a learner who joined before the community existed): social calls
 * heal the caller's state instead of trusting it.
 */
export async function ownProjection(deps: SocialDeps, userId: string): Promise<ProjectionRecord | undefined> {
  const [profile, stored, indexed] = await Promise.all([deps.profiles.profile(userId), deps.profiles.get(userId), deps.index.indexed(userId)]);
  let record = stored;
  if (
    profile &&
    (!stored || stored.nombre !== profile.nombre || !sameList(stored.intereses, profile.intereses) ||
      stored.visible !== isPublic(profile) || !sameList(stored.temasCursos, publicCourseTopics(profile.temasPublicos)) ||
      stored.miembroDesde !== profile.createdAt)
  ) {
    record = (await deps.profiles.writeProjection(profile)).after;
  }
  const wanted = wantedTopics(record);
  if (wanted.size !== indexed.size || [...indexed].some((t) => !wanted.has(t))) await deps.index.reconcile(userId, wanted, indexed);
  return record;
}

/** The caller's relation with everyone they have one with: read alongside the page, not after it. */
const relations = (deps: SocialDeps, callerId: string) =>
  deps.connections.list(callerId).then((list) => new Map(list.map((c) => [c.otherId, c.estado])));

async function toCards(pending: Promise<Map<string, string>>, records: ProjectionRecord[], mine: Map<string, string>): Promise<LearnerCard[]> {
  const states = await pending;
  return records.map((r) => ({
    ...toPublicProfile(r),
    enComun: [...topicsOfRecord(r).keys()].filter((t) => mine.has(t)).map((t) => mine.get(t)!),
    conexion: (states.get(r.userId) ?? 'ninguna') as ConnectionState,
  }));
}

const pageSize = (q: PageQuery) => q.limit ?? SOCIAL_LIMITS.defaultPageSize;

/** Learners who share the caller's topics and are not yet related to them, most shared topics first, then a stable order. */
export async function suggestLearners(deps: SocialDeps, userId: string, q: PageQuery): Promise<LearnersPage> {
  const offset = decodeCursor(offsetCursor, q.cursor)?.o ?? 0;
  const states = relations(deps, userId);
  states.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
  const me = await ownProjection(deps, userId);
  const mine = me ? topicsOfRecord(me) : new Map<string, string>();
  const shared = new Map<string, number>();
  // Bounded work per request: at most SUGGESTION_TOPICS.max topics, SUGGESTION_TOPICS.inFlight of them read at a time.
  const queue = [...mine.keys()].slice(0, SUGGESTION_TOPICS.max);
  const readTopic = async (norm: string) => {
    let after: string | undefined;
    for (let seen = 0; seen < CANDIDATES_PER_TOPIC;) {
      const page = await deps.index.learners(norm, { after, limit: 100 });
      for (const id of page.userIds) if (id !== userId) shared.set(id, (shared.get(id) ?? 0) + 1);
      seen += page.userIds.length;
      after = page.userIds.at(-1);
      if (!page.more || !after) break;
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(SUGGESTION_TOPICS.inFlight, queue.length) }, async () => {
      for (let norm = queue.shift(); norm !== undefined; norm = queue.shift()) await readTopic(norm);
    }),
  );
  // Issue 34, one row per person: whoever the caller already has a request or a connection with is
  // listed in their connections, so suggesting them again would show the same person twice.
  const related = await states;
  const ranked = [...shared].filter(([id]) => !related.has(id)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
  const limit = pageSize(q);
  const ids = ranked.slice(offset, offset + limit);
  const records = await deps.profiles.getMany(ids);
  // The index never holds a hidden learner, but a profile hidden a moment ago is checked here too.
  const cards = await toCards(states, ids.map((id) => records.get(id)).filter(listed), mine);
  return { items: cards, cursor: offset + limit < ranked.length ? encodeCursor({ o: offset + limit }) : null };
}

/** Learners by one topic, compared without case or accents, in a stable order. */
export async function searchLearners(deps: SocialDeps, userId: string, q: PageQuery & { topic: string }): Promise<LearnersPage> {
  const norm = normalizeTopic(q.topic);
  if (!norm) throw badRequest('Indica un tema para buscar.');
  let after = decodeCursor(afterCursor, q.cursor)?.a;
  const limit = pageSize(q);
  const picked: ProjectionRecord[] = [];
  let exhausted = false;
  const me = deps.profiles.get(userId);
  const states = relations(deps, userId);
  for (const p of [me, states]) p.catch(() => undefined); // awaited below
  // Hidden or incomplete entries are skipped, so a page may need more than one Query; bounded.
  for (let round = 0; round < 5 && picked.length < limit && !exhausted; round++) {
    const page = await deps.index.learners(norm, { after, limit: Math.min(100, limit + 5) });
    const records = await deps.profiles.getMany(page.userIds.filter((id) => id !== userId));
    let i = 0;
    for (; i < page.userIds.length && picked.length < limit; i++) {
      after = page.userIds[i];
      const record = records.get(after);
      if (after !== userId && listed(record)) picked.push(record);
    }
    exhausted = i === page.userIds.length && !page.more;
  }
  const mine = await me;
  const cards = await toCards(states, picked, mine ? topicsOfRecord(mine) : new Map<string, string>());
  return { items: cards, cursor: exhausted || !after ? null : encodeCursor({ a: after }) };
}
