// What the learner keeps on this device (issue 44): IndexedDB, one database per learner
// (`mentora-sin-conexion-<user id>`), so another account on the same browser opens another database and never
// sees this one's data, and signing out (or deleting the account, which signs out) deletes it whole
// (`eraseOfflineData`). Three tables: the outbox (what was done offline, waiting to be sent), the courses
// downloaded for offline study, and their lessons' narration audio. A browser without IndexedDB (the web
// tests' jsdom) keeps them in memory for the page's life.

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
/** A lesson self-check answer written while the connection was down: graded once it is sent. */
export interface SelfCheckEntry {
  id: string;
  seq: number;
  kind: 'autoevaluacion';
  courseId: string;
  moduleId: string;
  lessonId: string;
  pregunta: number;
  respuesta: string;
  createdAt: string;
}
/**
 * A lesson marked completed while the connection was down. The route writes a state, not an increment
 * (lambdas/course-model/progress-writes.ts), so a replay counts once; one entry per lesson is kept.
 */
export interface ProgressEntry {
  id: string;
  seq: number;
  kind: 'progreso';
  courseId: string;
  moduleId: string;
  lessonId: string;
  estado: 'completado';
  createdAt: string;
}
export type OutboxEntry = RatingEntry | SelfCheckEntry | ProgressEntry;

export interface OutboxStore {
  list: () => Promise<OutboxEntry[]>;
  add: (entry: OutboxEntry) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** A table of the learner's database: rows by key. */
export interface OfflineTable<T> {
  all: () => Promise<T[]>;
  get: (key: string) => Promise<T | undefined>;
  put: (row: T) => Promise<void>;
  remove: (key: string) => Promise<void>;
}

/**
 * A lesson's narration kept for offline listening (issue 44 item 2): the bytes, never the link (a presigned link
 * expires; the bytes do not). `objeto` is the S3 object's path, which names the bytes for good (it holds the hash of
 * the text read and the voice): a refresh that finds the same path downloads nothing.
 */
export interface OfflineAudio {
  /** `<course>/<module>/<lesson>/<voice>` (offlineAudioId). */
  id: string;
  courseId: string;
  objeto: string;
  audio: Blob;
  /** Polly's sentence marks (JSON lines), so the text is still followed offline. */
  marcas?: string;
  /** The audio's and the marks' bytes, what the budget counts. */
  bytes: number;
  minutos: number;
}
export const offlineAudioId = (lesson: { courseId: string; moduleId: string; lessonId: string }, voz: string) => `${lesson.courseId}/${lesson.moduleId}/${lesson.lessonId}/${voz}`;

export const offlineDatabase = (userId: string) => `mentora-sin-conexion-${userId}`;
/** Table name → key path. Version 2 added `cursos`, version 3 `audio`; older ones are upgraded in place. */
const TABLES = { outbox: 'id', cursos: 'courseId', audio: 'id' } as const;
type Table = keyof typeof TABLES;

const done = <T>(req: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
});

function openDatabase(userId: string): Promise<IDBDatabase> {
  const req = indexedDB.open(offlineDatabase(userId), 3);
  req.onupgradeneeded = () => {
    for (const [name, keyPath] of Object.entries(TABLES)) if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name, { keyPath });
  };
  return done(req);
}

function indexedDbTable<T>(userId: string, table: Table): OfflineTable<T> {
  const store = async (mode: IDBTransactionMode) => {
    const opened = await (connections[userId] ??= openDatabase(userId));
    // Another tab's sign-out deletes the database: this connection gives way (onversionchange) and the next opens anew.
    opened.onversionchange = () => {
      opened.close();
      delete connections[userId];
    };
    return opened.transaction(table, mode).objectStore(table);
  };
  return {
    all: async () => (await done((await store('readonly')).getAll())) as T[],
    get: async (key) => (await done((await store('readonly')).get(key))) as T | undefined,
    put: async (row) => void (await done((await store('readwrite')).put(row))),
    remove: async (key) => void (await done((await store('readwrite')).delete(key))),
  };
}

function memoryTable<T>(keyPath: string): OfflineTable<T> {
  const rows = new Map<string, T>();
  return {
    all: () => Promise.resolve([...rows.values()]),
    get: (key) => Promise.resolve(rows.get(key)),
    put: (row) => Promise.resolve(void rows.set(String((row as Record<string, unknown>)[keyPath]), row)),
    remove: (key) => Promise.resolve(void rows.delete(key)),
  };
}

const connections: Record<string, Promise<IDBDatabase> | undefined> = {};
const tables = new Map<string, OfflineTable<unknown>>();
/** Who has offline data in this browser (localStorage): what a sign-out erases. */
const OWNERS = 'mentora-sin-conexion';
const owners = (): string[] => {
  try {
    return (JSON.parse(localStorage.getItem(OWNERS) ?? '[]') as unknown[]).filter((o): o is string => typeof o === 'string');
  } catch {
    return [];
  }
};

/** One of the learner's tables (one instance per learner, table and page). */
export function offlineTable<T>(userId: string, table: Table): OfflineTable<T> {
  const id = `${userId}/${table}`;
  let t = tables.get(id);
  if (!t) {
    if (!owners().includes(userId)) localStorage.setItem(OWNERS, JSON.stringify([...owners(), userId]));
    tables.set(id, (t = typeof indexedDB === 'undefined' ? memoryTable(TABLES[table]) : indexedDbTable(userId, table)));
  }
  return t as OfflineTable<T>;
}

/** A lesson's narration downloaded in that voice, if any (the narration player reads it offline). */
export const downloadedAudio = (userId: string, lesson: { courseId: string; moduleId: string; lessonId: string }, voz: string) =>
  offlineTable<OfflineAudio>(userId, 'audio').get(offlineAudioId(lesson, voz));

/** The learner's outbox, oldest entry first. */
export function outboxOf(userId: string): OutboxStore {
  const t = offlineTable<OutboxEntry>(userId, 'outbox');
  return { list: async () => (await t.all()).sort((a, b) => a.seq - b.seq), add: t.put, remove: t.remove };
}

const deleteDatabase = (name: string) => new Promise<void>((resolve) => {
  const req = indexedDB.deleteDatabase(name);
  // Blocked: a connection elsewhere has not closed yet; the deletion still happens once it does.
  req.onsuccess = req.onerror = req.onblocked = () => resolve();
});

/**
 * Signing out (and deleting the account, which signs out): every learner's offline data in this browser is
 * deleted, the outbox and the downloaded courses. The browser holds one session at a time, so the learner
 * signing out is the one whose data this is; a database left by a session that expired without a sign-out
 * goes too (a shared phone keeps nothing).
 */
export async function eraseOfflineData(): Promise<void> {
  const listed = owners();
  tables.clear();
  localStorage.removeItem(OWNERS);
  if (typeof indexedDB === 'undefined') return;
  for (const [userId, db] of Object.entries(connections)) {
    delete connections[userId];
    void db?.then((d) => d.close(), () => undefined);
  }
  const found = typeof indexedDB.databases === 'function' ? (await indexedDB.databases().catch(() => [])).map((d) => d.name ?? '') : [];
  const names = new Set([...listed.map(offlineDatabase), ...found.filter((n) => n.startsWith(`${OWNERS}-`))]);
  await Promise.all([...names].map(deleteDatabase));
}
