import type { CourseDetail } from '../../../../lambdas/contract/courses';
import type { NarrationVoiceId } from '../../../../lambdas/contract/narration';
import { call } from '../../lib/api';
import { offlineAudioId, offlineTable, type OfflineAudio } from '../../lib/offline-store';

// The narration audio of a downloaded course (issue 44 item 2), an option of the download. Only lessons
// ALREADY narrated in the learner's voice are offered: asking which costs one GET per lesson (the route
// reads its job and synthesises nothing), while narrating the rest would spend the plan's minutes for a
// download. The bytes are stored, not the presigned links (they expire); an object already on the device
// (the same S3 path: the path holds the hash of the text read and the voice) is not downloaded again.

/**
 * The size shown BEFORE downloading is an estimate, and the panel says so: the server's own rule for the
 * audio's length (900 characters a minute, lambdas/plans/plans.ts) at the MP3's 48 kb/s (6,000 bytes a
 * second), 400 bytes a character of lesson text. The bytes actually stored are what the budget counts.
 */
export const AUDIO_BYTES_PER_CHARACTER = (6_000 * 60) / 900;

export interface NarratedLesson {
  moduleId: string;
  lessonId: string;
  audioUrl: string;
  marcasUrl?: string;
  minutos: number;
  /** Bytes, estimated from the lesson's text (above). */
  estimado: number;
}

const NO_AUDIO = 404;
const statusOf = (err: unknown) => (err as { response?: { status?: number } } | null)?.response?.status;

/** The course's lessons that already have audio in this voice, with fresh links and an estimated size. */
export async function narratedLessons(curso: CourseDetail, voz: NarrationVoiceId): Promise<NarratedLesson[]> {
  const lessons = curso.modulos.flatMap((m) => m.lecciones.filter((l) => l.estado === 'lista').map((l) => ({ moduleId: m.moduleId, lesson: l })));
  const found = await Promise.all(lessons.map(async ({ moduleId, lesson }) => {
    try {
      const params = { id: curso.courseId, moduleId, lessonId: lesson.lessonId };
      const view = (await call('GET /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration', { params, query: { voz } }, { silent: true })).data;
      if (view.estado !== 'lista' || !view.audioUrl) return undefined;
      return { moduleId, lessonId: lesson.lessonId, audioUrl: view.audioUrl, marcasUrl: view.marcasUrl, minutos: view.minutos, estimado: (lesson.contenido?.length ?? 0) * AUDIO_BYTES_PER_CHARACTER };
    } catch (err) {
      // Never narrated in this voice: nothing to offer for that lesson.
      if (statusOf(err) === NO_AUDIO) return undefined;
      throw err;
    }
  }));
  return found.filter((l) => l !== undefined);
}

const audioTable = (userId: string) => offlineTable<OfflineAudio>(userId, 'audio');
/** The S3 object a link names (its path, without the signature): the same path is the same bytes. */
const objectOf = (url: string) => new URL(url, window.location.href).pathname;

async function bytesOf(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) throw new Error('No pudimos descargar el audio de una lección. Inténtalo de nuevo.');
  return res;
}

/**
 * The lessons' audio and marks as bytes, ready to be stored. What the device already holds under the same
 * object is reused as it is: a second download of an unchanged course fetches no audio.
 */
export async function fetchLessonAudio(userId: string, courseId: string, lessons: NarratedLesson[], voz: NarrationVoiceId): Promise<OfflineAudio[]> {
  const rows: OfflineAudio[] = [];
  for (const l of lessons) {
    const id = offlineAudioId({ courseId, moduleId: l.moduleId, lessonId: l.lessonId }, voz);
    const objeto = objectOf(l.audioUrl);
    const kept = await audioTable(userId).get(id);
    if (kept?.objeto === objeto) {
      rows.push(kept);
      continue;
    }
    // Typed as what it is (Polly's MP3): the player's object URL carries the type, whatever the bucket answered.
    const audio = new Blob([await (await bytesOf(l.audioUrl)).arrayBuffer()], { type: 'audio/mpeg' });
    const marcas = l.marcasUrl ? await (await bytesOf(l.marcasUrl)).text() : undefined;
    const bytes = audio.size + (marcas === undefined ? 0 : new TextEncoder().encode(marcas).length);
    rows.push({ id, courseId, objeto, audio, ...(marcas !== undefined && { marcas }), bytes, minutos: l.minutos });
  }
  return rows;
}

/** Stores the course's audio rows and drops the course's others (a lesson re-narrated, or the option unticked). */
export async function keepCourseAudio(userId: string, courseId: string, rows: OfflineAudio[]): Promise<void> {
  const table = audioTable(userId);
  for (const row of rows) await table.put(row);
  const keep = new Set(rows.map((r) => r.id));
  for (const row of await table.all()) if (row.courseId === courseId && !keep.has(row.id)) await table.remove(row.id);
}

/** "Quitar la descarga": the course's audio goes with its texts. */
export const removeCourseAudio = (userId: string, courseId: string) => keepCourseAudio(userId, courseId, []);
