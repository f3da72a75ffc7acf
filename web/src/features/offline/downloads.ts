import type { CourseDetail } from '../../../../lambdas/contract/courses';
import type { DueCards, ReviewSolution } from '../../../../lambdas/contract/review';
import type { NarrationVoiceId } from '../../../../lambdas/contract/narration';
import { call, request } from '../../lib/api';
import { offlineTable } from '../../lib/offline-store';
import { fetchLessonAudio, keepCourseAudio, narratedLessons, removeCourseAudio } from './lesson-audio';

// "Descargar para estudiar sin conexión" (issue 44 item 2): a course kept in the learner's own IndexedDB
// database (lib/offline-store.ts, erased at sign-out) as the existing routes answered it: GET /courses/{id}
// (every lesson's Markdown, and in it the diagrams and the self-check questions), GET /review/due for the
// course (its due cards, at most a session's page) and each due card's POST /review/{cardId}/reveal (the
// server changes nothing on a reveal), so the learner can read, answer and rate with no connection; and, if
// the learner chose it, the audio of the lessons already narrated (lesson-audio.ts), as bytes. What
// they do offline goes to the outbox; nothing here is ever shown as the server's answer of now.

/** The downloaded courses of one learner may take at most this much of the device (all of them together). */
export const OFFLINE_BUDGET_BYTES = 50 * 1024 * 1024;

export interface OfflineCourse {
  courseId: string;
  /** When the copy was made (ISO): the screen says how old what it shows is. */
  descargadoEn: string;
  /** The copy's size as stored (UTF-8 JSON, and the bytes of its lessons' audio), what the budget counts. */
  bytes: number;
  /** The lessons' audio downloaded with it (ids in the `audio` table), when the learner chose it. */
  audio?: { ids: string[]; bytes: number };
  curso: CourseDetail;
  /** The course answer's ETag: a refresh asks with it, and an unchanged course comes back as a 304 with no body. */
  etag?: string;
  repaso: DueCards;
  /** Each due card's answer, as the server revealed it at download time. */
  soluciones: Record<string, ReviewSolution>;
}

const courses = (userId: string) => offlineTable<OfflineCourse>(userId, 'cursos');
const quiet = { silent: true };

export const downloadedCourses = (userId: string) => courses(userId).all();
export const downloadedCourse = (userId: string, courseId: string) => courses(userId).get(courseId);
export async function removeDownload(userId: string, courseId: string): Promise<void> {
  await courses(userId).remove(courseId);
  await removeCourseAudio(userId, courseId);
}

/** What the device still lets this site store (navigator.storage.estimate), when the browser says. */
async function spaceLeft(): Promise<number> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return estimate?.quota !== undefined ? estimate.quota - (estimate.usage ?? 0) : Number.POSITIVE_INFINITY;
}

export class NoRoom extends Error {}

/** The copy's size in bytes (the JSON IndexedDB stores, as UTF-8). */
export const sizeOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Downloads (or refreshes) a course for offline study. Refused, in Spanish, when it would pass the budget or the
 * space the browser has left; the copy is written whole or not at all. Quiet: the panel's button shows its own
 * progress instead of the blocking overlay.
 */
export async function downloadCourse(userId: string, courseId: string, voz?: NarrationVoiceId): Promise<OfflineCourse> {
  const kept = await downloadedCourse(userId, courseId);
  // A refresh is a conditional read (issue 44 item 7): an unchanged course costs no body over the data plan.
  const res = await request('GET /courses/{id}', { params: { id: courseId } }, {
    ...quiet,
    headers: kept?.etag ? { 'If-None-Match': kept.etag } : undefined,
    validateStatus: (status) => (status >= 200 && status < 300) || (status === 304 && !!kept),
  });
  const curso = res.status === 304 && kept ? kept.curso : res.data.data;
  const etag = (res.headers as Record<string, unknown>).etag;
  const repaso = (await call('GET /review/due', { query: { courseId, limite: '20' } }, quiet)).data;
  const soluciones: Record<string, ReviewSolution> = {};
  for (const tarjeta of repaso.tarjetas) soluciones[tarjeta.cardId] = (await call('POST /review/{cardId}/reveal', { params: { cardId: tarjeta.cardId }, body: {} }, quiet)).data;
  // The audio, when chosen: only lessons already narrated in the learner's voice; bytes already here are not fetched.
  const audio = voz ? await fetchLessonAudio(userId, courseId, await narratedLessons(curso, voz), voz) : [];
  const audioBytes = audio.reduce((n, a) => n + a.bytes, 0);
  const copy: OfflineCourse = { courseId, descargadoEn: new Date().toISOString(), bytes: 0, curso, ...(typeof etag === 'string' && { etag }), repaso, soluciones, ...(audio.length && { audio: { ids: audio.map((a) => a.id), bytes: audioBytes } }) };
  copy.bytes = sizeOf(copy) + audioBytes;
  const others = (await downloadedCourses(userId)).filter((c) => c.courseId !== courseId).reduce((n, c) => n + c.bytes, 0);
  if (others + copy.bytes > OFFLINE_BUDGET_BYTES) throw new NoRoom(`Este curso no cabe en el espacio para cursos sin conexión (${formatBytes(OFFLINE_BUDGET_BYTES)}). Quita otra descarga e inténtalo de nuevo.`);
  if (copy.bytes > (await spaceLeft())) throw new NoRoom('Tu dispositivo no tiene espacio libre para este curso.');
  // Asked once the learner chose to keep something: the browser then does not evict it under storage pressure.
  await navigator.storage?.persist?.().catch(() => false);
  await keepCourseAudio(userId, courseId, audio);
  await courses(userId).put(copy);
  return copy;
}

/** "84 KB", "1,2 MB": sizes as a Spanish reader writes them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es')} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('es', { maximumFractionDigits: 1 })} MB`;
}

/** The review session read from the downloaded copies (offline): the course's due cards, or every course's. */
export async function offlineDue(userId: string, courseId?: string): Promise<DueCards | undefined> {
  const copies = (await downloadedCourses(userId)).filter((c) => !courseId || c.courseId === courseId);
  if (!copies.length) return undefined;
  const tarjetas = copies.flatMap((c) => c.repaso.tarjetas);
  return { ...copies[0].repaso, tarjetas, pendientes: tarjetas.length };
}

/** A due card's answer as downloaded; with an option chosen, whether it was the right one. */
export async function offlineSolution(userId: string, cardId: string, opcion?: string): Promise<ReviewSolution | undefined> {
  const found = (await downloadedCourses(userId)).find((c) => c.soluciones[cardId])?.soluciones[cardId];
  if (!found || !opcion || found.bloqueada || !found.opciones) return found;
  return { ...found, acierto: found.opciones.some((o) => o.opcion === opcion && o.correcta) };
}

/** A due card rated (sent, or kept in the outbox) leaves every downloaded copy: an offline session never shows it again. */
export async function forgetDueCard(userId: string, cardId: string): Promise<void> {
  const table = courses(userId);
  for (const copy of await table.all()) {
    if (!copy.repaso.tarjetas.some((t) => t.cardId === cardId)) continue;
    const { [cardId]: _rated, ...soluciones } = copy.soluciones;
    await table.put({ ...copy, repaso: { ...copy.repaso, tarjetas: copy.repaso.tarjetas.filter((t) => t.cardId !== cardId) }, soluciones });
  }
}
