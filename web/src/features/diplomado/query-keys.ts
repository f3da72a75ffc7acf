import { courseKeys } from '../../lib/course-keys';

// The diplomado's cache keys. They sit under the course keys' root: a diplomado shows its courses'
// state and progress, so whatever marks courses stale (web/src/lib/course-keys.ts) marks these too.
export const diplomadoKeys = {
  all: [...courseKeys.all, 'diplomado'] as const,
  list: () => [...courseKeys.all, 'diplomado', 'list'] as const,
  detail: (id: string) => [...courseKeys.all, 'diplomado', 'detail', id] as const,
};
