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
  MATERIAL: 'materiales',
  PASSAGE: 'pasajesDeMateriales',
  // Lessons read aloud (issue 26): which lesson, voice and state, not the audio (links expire; the audio is derived from the lesson).
  NARRATION: 'narraciones',
};

/** Table plumbing, not the learner's data. */
const KEYS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt']);
/**
 * An evaluation's question bank carries the answer key and the current attempt's draw: exporting
 * them would hand out the answers. The learner's own attempts (`intentos`) are exported.
 * A passage's embedding (256 numbers computed from its text) is derived plumbing, not the learner's data.
 */
const WITHHELD: Record<string, string[]> = { EVALUATION: ['preguntas', 'variante'], PASSAGE: ['vector'] };
/**
 * A review card made from an evaluation question keeps its key (and the explanations that name it)
 * out of the export while the learner has not passed that module (issue 20): the export is one
 * more route to the answers. Self-check cards and cards of passed modules are exported whole.
 */
const LOCKED_CARD = ['correcta', 'explicacion', 'explicaciones'];
/**
 * Plumbing, not data: which card a question made (spaced review; the card itself is exported), and
 * the model-job locks that keep concurrent identical requests to one job (the jobs are exported),
 * the count of the learner's materials (the materials are exported), and the claims that keep a tutor
 * answer read aloud to one synthesis (the audio is derived from the answer, which is exported), and the
 * outbox's replay records (issue 44: the answer a rating or a self-check gave, both exported as such).
 */
const PLUMBING_KINDS = new Set(['REVIEWSRC', 'JOBLOCK', 'MATERIALCOUNT', 'SPEECHCLAIM', 'REPLAY']);

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

/** `<courseId>#<moduleId>` of every module whose evaluation the learner passed. */
function passedModules(items: StoredItem[]) {
  const passed = new Set<string>();
  for (const i of items) {
    const attempts = (i.intentos ?? []) as { aprobado?: boolean }[];
    if (kindOf(i.sk) === 'EVALUATION' && (i.aprobadaEn || attempts.some((a) => a.aprobado))) passed.add(`${String(i.courseId)}#${String(i.moduleId)}`);
  }
  return passed;
}

const lockedCard = (item: StoredItem, passed: Set<string>) =>
  item.tipo === 'opcion_multiple' && !passed.has(`${String(item.courseId)}#${String(item.moduleId)}`);

function exported(item: StoredItem, kind: string, passed = new Set<string>()): Record<string, unknown> {
  const withheld = [...(WITHHELD[kind] ?? []), ...(kind === 'REVIEW' && lockedCard(item, passed) ? LOCKED_CARD : [])];
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
  const passed = passedModules(items);
  for (const item of items) {
    if (item === profile) continue;
    const kind = kindOf(item.sk);
    if (PLUMBING_KINDS.has(kind)) continue;
    (datos[GROUPS[kind] ?? kind.toLowerCase()] ??= []).push(exported(item, kind, passed));
  }
  if (datos.conversacionesTutor) datos.conversacionesTutor = conversations(datos.conversacionesTutor);
  return { formato: EXPORT_FORMAT, exportadoEn: deps.now().toISOString(), cuenta: exported(profile, 'PROFILE'), datos };
}

/**
 * A tutor conversation is stored as a head (TUTOR#<courseId>: version, count, summary) and one item
 * per turn (TUTOR#<courseId>#T#<seq>, issue 23); the learner gets one conversation per course with
 * its turns in order, as it reads in the app. Heads written before keep their `turnos` inside.
 */
function conversations(items: Record<string, unknown>[]): Record<string, unknown>[] {
  const byCourse = new Map<string, { head: Record<string, unknown>; turnos: unknown[] }>();
  const entry = (courseId: string) => byCourse.get(courseId) ?? byCourse.set(courseId, { head: { courseId }, turnos: [] }).get(courseId)!;
  for (const item of items) {
    const e = entry(String(item.courseId));
    if (typeof item.rol === 'string') {
      const { courseId: _c, ...turn } = item;
      e.turnos.push(turn);
    } else {
      e.head = item;
      if (Array.isArray(item.turnos)) e.turnos.unshift(...(item.turnos as unknown[]));
    }
  }
  return [...byCourse.values()].map(({ head, turnos }) => ({ ...head, turnos }));
}
