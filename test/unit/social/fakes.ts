import type { ConnectionItem, ConnectionStore, Side } from '../../../lambdas/social/connection-store';
import type { SocialDeps } from '../../../lambdas/social/discovery';
import type { ConnectionDeps } from '../../../lambdas/social/connections';
import { toRecord, type ProfileSource, type ProjectionRecord, type PublicProfileStore } from '../../../lambdas/social/public-profile-store';
import type { TopicIndex } from '../../../lambdas/social/topic-index';

// In-memory stand-ins with the same conditional semantics as the DynamoDB stores, plus a way to
// make the Nth write fail, to check that every half-done sequence is repaired by the next call.

export class Crash extends Error {}

export function memoryConnections() {
  const sides = new Map<string, ConnectionItem>();
  const counters = new Map<string, number>();
  let writes = 0;
  let crashAt = Infinity;
  const k = (a: string, b: string) => `${a}>${b}`;
  const write = () => {
    if (++writes === crashAt) throw new Crash('crash between writes');
  };
  const store: ConnectionStore = {
    async get(a, b) {
      return sides.get(k(a, b));
    },
    async create(a, b, estado) {
      if (sides.has(k(a, b))) return false;
      write();
      sides.set(k(a, b), { otherId: b, estado, createdAt: 't', updatedAt: 't' });
      return true;
    },
    async connect(a, b, from: Side[]) {
      const side = sides.get(k(a, b));
      if (!side || !from.includes(side.estado)) return false;
      write();
      sides.set(k(a, b), { ...side, estado: 'conectado' });
      return true;
    },
    async remove(a, b) {
      write();
      sides.delete(k(a, b));
    },
    async list(a) {
      return [...sides].filter(([key]) => key.startsWith(`${a}>`)).map(([, v]) => v);
    },
    async countRequest(a, day, limit) {
      const n = counters.get(`${a}@${day}`) ?? 0;
      if (n >= limit) return false;
      counters.set(`${a}@${day}`, n + 1);
      return true;
    },
  };
  return {
    store,
    /** What each side sees: "a>b" -> estado. */
    state: () => Object.fromEntries([...sides].map(([key, v]) => [key, v.estado])),
    crashOnWrite: (n: number) => {
      writes = 0;
      crashAt = n;
    },
    heal: () => (crashAt = Infinity),
  };
}

export function memoryIndex() {
  const entries = new Map<string, Map<string, string>>(); // norm -> userId -> label
  const index: TopicIndex = {
    async put(userId, norm, label) {
      if (!entries.has(norm)) entries.set(norm, new Map());
      entries.get(norm)!.set(userId, label);
    },
    async remove(userId, norm) {
      entries.get(norm)?.delete(userId);
    },
    async indexed(userId) {
      return new Set([...entries].filter(([, m]) => m.has(userId)).map(([norm]) => norm));
    },
    async learners(norm, { after, limit }) {
      const all = [...(entries.get(norm)?.keys() ?? [])].sort();
      const from = after ? all.filter((id) => id > after) : all;
      return { userIds: from.slice(0, limit), more: from.length > limit };
    },
    async reconcile(userId, wanted, current) {
      const have = new Set(current);
      for (const [norm, label] of wanted) if (!have.has(norm)) await index.put(userId, norm, label);
      for (const norm of have) if (!wanted.has(norm)) await index.remove(userId, norm);
    },
  };
  return { index, entries };
}

export function memoryProfiles(index: TopicIndex) {
  const items = new Map<string, Record<string, unknown>>();
  const profiles = new Map<string, ProfileSource>();
  const store: PublicProfileStore = {
    async syncProfile(p) {
      const { before, after } = await store.writeProjection(p);
      const { wantedTopics } = await import('../../../lambdas/social/public-profile-store');
      await index.reconcile(p.id, wantedTopics(after), wantedTopics(before).keys());
    },
    async writeProjection(p) {
      const old = items.get(p.id);
      const next = { ...old, userId: p.id, nombre: p.nombre, intereses: p.intereses, publico: p.perfilPublico === true, temasPublicos: p.temasPublicos ?? {}, miembroDesde: p.createdAt };
      items.set(p.id, next);
      return { before: old && toRecord(old), after: toRecord(next) };
    },
    async recordCourseTopic(userId) {
      const old = items.get(userId) ?? { userId };
      items.set(userId, { ...old, cursos: Number(old.cursos ?? 0) + 1 });
    },
    async recordCourseProgress(userId, courseId, completadas) {
      const old = items.get(userId) ?? { userId };
      items.set(userId, { ...old, completadasPorCurso: { ...(old.completadasPorCurso as object), [courseId]: completadas } });
    },
    async get(userId) {
      const item = items.get(userId);
      return item && toRecord(item);
    },
    async getMany(ids) {
      return new Map(ids.filter((id) => items.has(id)).map((id) => [id, toRecord(items.get(id)!)] as [string, ProjectionRecord]));
    },
    async profile(userId) {
      return profiles.get(userId);
    },
  };
  return { store, items, profiles };
}

/** A community of learners, each with a profile and (once synced) a projection. */
export function community(dailyLimit = 20) {
  const { index, entries } = memoryIndex();
  const profiles = memoryProfiles(index);
  const connections = memoryConnections();
  const deps: ConnectionDeps & SocialDeps = { index, profiles: profiles.store, connections: connections.store, dailyLimit, today: () => '2026-01-01' };
  /** A learner who chose to be visible (privacy by default: pass `perfilPublico: false` or `undefined` otherwise). */
  async function join(id: string, intereses: string[] = [], extra: Partial<ProfileSource> = {}) {
    const p: ProfileSource = { id, nombre: `Persona ${id}`, intereses, createdAt: '2026-01-01T00:00:00.000Z', perfilPublico: true, ...extra };
    profiles.profiles.set(id, p);
    await profiles.store.syncProfile(p);
    return p;
  }
  return { deps, join, connections, entries, profiles };
}
