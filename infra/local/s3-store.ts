import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The local S3's objects: in memory, and also in a folder when one is given (npm start keeps its
// uploads across restarts under .local/). One file per object plus its metadata beside it.

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export function objectStore(dir?: string) {
  const objects = new Map<string, StoredObject>();
  const file = (key: string) => join(dir!, encodeURIComponent(key));
  if (dir) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const meta = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { key: string; contentType: string; etag: string; lastModified: string };
      const bodyFile = join(dir, name.slice(0, -'.json'.length));
      if (existsSync(bodyFile)) objects.set(meta.key, { body: readFileSync(bodyFile), contentType: meta.contentType, etag: meta.etag, lastModified: new Date(meta.lastModified) });
    }
  }
  return {
    get: (key: string) => objects.get(key),
    keys: () => [...objects.keys()],
    put(key: string, object: StoredObject) {
      objects.set(key, object);
      if (!dir) return;
      writeFileSync(file(key), object.body);
      writeFileSync(`${file(key)}.json`, JSON.stringify({ key, contentType: object.contentType, etag: object.etag, lastModified: object.lastModified.toISOString() }));
    },
    remove(key: string) {
      objects.delete(key);
      if (!dir) return;
      rmSync(file(key), { force: true });
      rmSync(`${file(key)}.json`, { force: true });
    },
  };
}
