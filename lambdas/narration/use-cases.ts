import { createHash } from 'node:crypto';
import { AppError, notFound } from '../shared/errors';
import { narrationText } from './narration-text';

// Narrating a lesson (issue 26, docs/narration.md), behind ports so the same code runs on AWS and on
// the local stack: the first request starts two Polly tasks (audio and sentence marks) writing into S3
// under a key made of the learner, the lesson, a hash of the text read (its content version) and the
// voice; later requests for the same key cost nothing and synthesize nothing. A regenerated lesson
// reads another text, so another key: new audio, the old left to the bucket's expiry.

export type NarrationState = 'generando' | 'lista' | 'error';

export interface NarrationJob {
  /** `narration/<learner>/<course>/<module>/<lesson>/<version>/<voice>/`: the S3 prefix of both outputs. */
  prefix: string;
  estado: NarrationState;
  audioTask: string;
  marksTask: string;
  audioKey?: string;
  marksKey?: string;
  caracteres: number;
}

/** A lesson as its route names it. */
export interface LessonRef { courseId: string; moduleId: string; lessonId: string }

export interface NarrationView {
  estado: NarrationState;
  voz: string;
  minutos: number;
  /** Short-lived presigned GETs, only when `lista`. */
  audioUrl?: string;
  marcasUrl?: string;
}

export interface SpeechTasks {
  /** Starts the audio (mp3) and the sentence marks (json) of `text` under `prefix`; answers both task ids. */
  start(input: { text: string; voice: string; prefix: string }): Promise<{ audioTask: string; marksTask: string }>;
  /** A task's state and, when completed, the S3 key of its output. */
  status(taskId: string): Promise<{ estado: 'generando' | 'lista' | 'error'; key?: string }>;
}

export interface NarrationDeps {
  /** The caller's own lesson (their partition only): another learner's is undefined, as a missing one. */
  lesson(userId: string, ref: LessonRef): Promise<{ contenido?: string } | undefined>;
  jobs: {
    get(userId: string, prefix: string): Promise<NarrationJob | undefined>;
    /** Writes the job unless one exists for the prefix; answers the one that won. */
    create(userId: string, job: NarrationJob): Promise<NarrationJob>;
    update(userId: string, job: NarrationJob): Promise<void>;
  };
  tasks: SpeechTasks;
  /** A presigned GET of an object, valid a few minutes. */
  link(key: string): Promise<string>;
  allowance: {
    /** Minutes synthesized this month and the plan's minutes. */
    minutes(userId: string): Promise<{ usados: number; limite: number; renuevaEl: string }>;
    /** Adds the characters to the month: the plan's minutes and the AI budget's cost. */
    charge(userId: string, characters: number): Promise<void>;
  };
  minutesOf(characters: number): number;
}

export const LESSON_NOT_FOUND = 'No encontramos esta lección.';
export const NOT_NARRATED = 'Esta lección todavía no tiene audio con esa voz: pulsa «Escuchar lección».';
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
export const minutesExhausted = (renuevaEl: string) =>
  `Has usado los minutos de narración de tu plan este mes. Se renuevan el 1 de ${MONTHS[new Date(renuevaEl).getUTCMonth()]}.`;

/** The content version: what is read, not when it was written (the same text keeps its audio). */
export const contentVersion = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 16);

async function readable(deps: NarrationDeps, userId: string, ref: LessonRef, voice: string) {
  const lesson = await deps.lesson(userId, ref);
  if (!lesson?.contenido) throw notFound(LESSON_NOT_FOUND);
  const text = narrationText(lesson.contenido);
  const prefix = `narration/${userId}/${ref.courseId}/${ref.moduleId}/${ref.lessonId}/${contentVersion(text)}/${voice}/`;
  return { text, prefix };
}

/** POST: the lesson's audio in `voice`, started when it does not exist yet (metered), else as it is (free). */
export async function startNarration(deps: NarrationDeps, userId: string, ref: LessonRef, voice: string): Promise<NarrationView> {
  const { text, prefix } = await readable(deps, userId, ref, voice);
  const existing = await deps.jobs.get(userId, prefix);
  if (existing && existing.estado !== 'error') return view(deps, userId, existing, voice);
  const { usados, limite, renuevaEl } = await deps.allowance.minutes(userId);
  if (usados + deps.minutesOf(text.length) > limite) throw new AppError(429, minutesExhausted(renuevaEl), 'NarrationMinutesExceeded');
  const started = await deps.tasks.start({ text, voice, prefix });
  const fresh: NarrationJob = { prefix, estado: 'generando', ...started, caracteres: text.length };
  // A failed job is tried again in its place; otherwise only the request whose job was written pays
  // (a concurrent twin answers the winner's job; its own tasks' output is left to the bucket's expiry).
  const job = existing ? (await deps.jobs.update(userId, fresh), fresh) : await deps.jobs.create(userId, fresh);
  if (job.audioTask === started.audioTask) await deps.allowance.charge(userId, text.length);
  return view(deps, userId, job, voice);
}

/** GET: the job's state (asking Polly while it runs) and, when ready, short-lived links. */
export async function getNarration(deps: NarrationDeps, userId: string, ref: LessonRef, voice: string): Promise<NarrationView> {
  const { prefix } = await readable(deps, userId, ref, voice);
  const job = await deps.jobs.get(userId, prefix);
  if (!job) throw notFound(NOT_NARRATED);
  return view(deps, userId, job, voice);
}

async function view(deps: NarrationDeps, userId: string, job: NarrationJob, voice: string): Promise<NarrationView> {
  let current = job;
  if (job.estado === 'generando') {
    const [audio, marks] = await Promise.all([deps.tasks.status(job.audioTask), deps.tasks.status(job.marksTask)]);
    const estado: NarrationState = audio.estado === 'error' || marks.estado === 'error' ? 'error' : audio.estado === 'lista' && marks.estado === 'lista' ? 'lista' : 'generando';
    if (estado !== 'generando') {
      current = { ...job, estado, audioKey: audio.key, marksKey: marks.key };
      await deps.jobs.update(userId, current);
    }
  }
  const base = { estado: current.estado, voz: voice, minutos: deps.minutesOf(current.caracteres) };
  if (current.estado !== 'lista' || !current.audioKey || !current.marksKey) return base;
  const [audioUrl, marcasUrl] = await Promise.all([deps.link(current.audioKey), deps.link(current.marksKey)]);
  return { ...base, audioUrl, marcasUrl };
}
