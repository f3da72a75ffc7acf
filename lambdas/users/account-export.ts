import { notFound } from '../shared/errors';
import { DELETING_SK, type PartitionStore, type StoredItem } from './partition-store';

// GET /users/me/export (GDPR art. 15 and 20): every item of the learner's partition, grouped by
// kind, as one JSON document. Grouping goes by the sort key's first segment, so an item kind added
// later (certificates, review cards...) is exported without touching this file.

export const EXPORT_FORMAT = 'mentora-datos/1';

/** Spanish group names for the kinds known today; any other kind keeps its own name in lower case. */
const GROUPS: Record<string, string> = {
  PROFILE: 'perfil',
  PUBLIC: 'perfilPublico',
  COURSE: 'cursos',
  LESSON: 'lecciones',
  EVALUATION: 'evaluaciones',
  TUTOR: 'conversacionesTutor',
  DIPLOMADO: 'diplomados',
  USAGE: 'uso',
  FEEDBACK: 'valoraciones',
  CONN: 'conexiones',
  TOPIC: 'temasPublicos',
  JOB: 'tareas',
  SOCIALDAY: 'solicitudesPorDia',
  STRIPE_CUSTOMER: 'clienteStripe',
};

/** Table plumbing, not the learner's data. */
const KEYS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt']);
/**
 * An evaluation's question bank carries the answer key and the current attempt's draw: exporting
 * them would hand out the answers. The learner's own attempts (`intentos`) are exported.
 */
const WITHHELD: Record<string, string[]> = { EVALUATION: ['preguntas', 'variante'] };

function kindOf(sk: string): string {
  const [first] = sk.split('#');
  if (first !== 'COURSE') return first;
  if (sk.includes('#L#')) return 'LESSON';
  if (sk.includes('#E#')) return 'EVALUATION';
  return 'COURSE';
}

/** DynamoDB string and number sets come back as Set, which JSON would write as {}. */
const plain = (value: unknown): unknown => {
  if (value instanceof Set) return [...(value as Set<unknown>)].map(plain);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
};

function exported(item: StoredItem, kind: string): Record<string, unknown> {
  const withheld = WITHHELD[kind] ?? [];
  return Object.fromEntries(
    Object.entries(item)
      .filter(([k]) => !KEYS.has(k) && !withheld.includes(k))
      .map(([k, v]) => [k, plain(v)]),
  );
}

export interface AccountExport {
  formato: string;
  exportadoEn: string;
  cuenta: Record<string, unknown>;
  datos: Record<string, Record<string, unknown>[]>;
}

export async function exportAccount(deps: { partition: PartitionStore; now: () => Date }, userId: string): Promise<AccountExport> {
  const items = (await deps.partition.items(userId)).filter((i) => i.sk !== DELETING_SK);
  const profile = items.find((i) => i.sk === 'PROFILE');
  if (!profile) throw notFound('No encontramos tu perfil. Cierra sesión y vuelve a entrar.');
  const datos: AccountExport['datos'] = {};
  for (const item of items) {
    if (item === profile) continue;
    const kind = kindOf(item.sk);
    (datos[GROUPS[kind] ?? kind.toLowerCase()] ??= []).push(exported(item, kind));
  }
  return { formato: EXPORT_FORMAT, exportadoEn: deps.now().toISOString(), cuenta: exported(profile, 'PROFILE'), datos };
}
