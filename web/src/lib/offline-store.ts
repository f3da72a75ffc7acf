// Where the outbox lives (issue 44): IndexedDB, one database per learner (`mentora-sin-conexion-<user id>`),
// so another account on the same browser opens another database and never sees this one's entries, and
// signing out (or deleting the account, which signs out) deletes it whole (`eraseOfflineData`).
// A browser without IndexedDB (the web tests' jsdom) keeps the entries in memory for the page's life.

/** A review rating given while the connection was down, waiting to be sent. */
export interface RatingEntry {
  /** The Idempotency-Key sent with every attempt (a UUID made when the learner rated). */
  id: string;
  /** Order of entry: sent oldest first. */
  seq: number;
  kind: 'calificacion';
  cardId: string;
  calificacion: 'otra_vez' | 'dificil' | 'bien' | 'facil';
  /** The showing rated, as loaded: a card rated since elsewhere is refused, not rated twice. */
  repasos: number;
  createdAt: string;
}
export type OutboxEntry = RatingEntry;

export interface OutboxStore {
  list: () => Promise<OutboxEntry[]>;
  add: (entry: OutboxEntry) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export const offlineDatabase = (userId: string) => `mentora-sin-conexion-${userId}`;
const OUTBOX = 'outbox';

const done = <T>(req: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
});

function openDatabase(userId: string): Promise<IDBDatabase> {
  const req = indexedDB.open(offlineDatabase(userId), 1);
  req.onupgradeneeded = () => req.result.createObjectStore(OUTBOX, { keyPath: 'id' });
  return done(req);
}

function indexedDbStore(userId: string): OutboxStore {
  let db: Promise<IDBDatabase> | undefined;
  const store = async (mode: IDBTransactionMode) => {
    const opened = await (db ??= openDatabase(userId));
    // Another tab's sign-out deletes the database: this connection gives way (onversionchange) and the next opens anew.
    opened.onversionchange = () => {
      opened.close();
      db = undefined;
    };
    return opened.transaction(OUTBOX, mode).objectStore(OUTBOX);
  };
  return {
    list: async () => ((await done((await store('readonly')).getAll())) as OutboxEntry[]).sort((a, b) => a.seq - b.seq),
    add: async (entry) => void (await done((await store('readwrite')).put(entry))),
    remove: async (id) => void (await done((await store('readwrite')).delete(id))),
  };
}

function memoryStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  return {
    list: () => Promise.resolve([...entries.values()].sort((a, b) => a.seq - b.seq)),
    add: (entry) => Promise.resolve(void entries.set(entry.id, entry)),
    remove: (id) => Promise.resolve(void entries.delete(id)),
  };
}

const stores = new Map<string, OutboxStore>();
/** Who has offline data in this browser (localStorage): what a sign-out erases. */
const OWNERS = 'mentora-sin-conexion';
const owners = (): string[] => {
  try {
    return (JSON.parse(localStorage.getItem(OWNERS) ?? '[]') as unknown[]).filter((o): o is string => typeof o === 'string');
  } catch {
    return [];
  }
};

/** The learner's outbox (one instance per learner and page). */
export function outboxOf(userId: string): OutboxStore {
  let s = stores.get(userId);
  if (!s) {
    if (!owners().includes(userId)) localStorage.setItem(OWNERS, JSON.stringify([...owners(), userId]));
    stores.set(userId, (s = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(userId)));
  }
  return s;
}

const deleteDatabase = (name: string) => new Promise<void>((resolve) => {
  const req = indexedDB.deleteDatabase(name);
  // Blocked: a connection elsewhere has not closed yet; the deletion still happens once it does.
  req.onsuccess = req.onerror = req.onblocked = () => resolve();
});

/**
 * Signing out (and deleting the account, which signs out): every learner's offline data in this browser is
 * deleted. The browser holds one session at a time, so the learner signing out is the one whose data this is;
 * a database left by a session that expired without a sign-out goes too (a shared phone keeps nothing).
 */
export async function eraseOfflineData(): Promise<void> {
  const listed = owners();
  stores.clear();
  localStorage.removeItem(OWNERS);
  if (typeof indexedDB === 'undefined') return;
  const found = typeof indexedDB.databases === 'function' ? (await indexedDB.databases().catch(() => [])).map((d) => d.name ?? '') : [];
  const names = new Set([...listed.map(offlineDatabase), ...found.filter((n) => n.startsWith(`${OWNERS}-`))]);
  await Promise.all([...names].map(deleteDatabase));
}
