import { createHash, randomUUID } from 'node:crypto';
import { clock } from '../shared/clock';
import { AppError, notFound } from '../shared/errors';
import { narrationText } from './narration-text';

// Narrating a lesson (issue 26, docs/narration.md), behind ports so the same code runs on AWS and on
// the local stack: the first request CLAIMS the job (a conditional write: of N simultaneous first plays
// one wins, the others answer its job), RESERVES the minutes (one conditional ADD: never past the plan,
// whatever the timing), and only then starts two Polly tasks (audio and sentence marks) writing into S3
// under a key made of the learner, the lesson, a hash of the text read (its content version) and the
// voice; if Polly refuses to start, the minutes and the claim are given back. Later requests for the
// same key cost nothing and synthesize nothing. A regenerated lesson reads another text, so another
// key: new audio, the old left to the bucket's expiry.

export type NarrationState = 'generando' | 'lista' | 'error';

export interface NarrationJob {
  /** `narration/<learner>/<course>/<module>/<lesson>/<version>/<voice>/`: the S3 prefix of both outputs. */
  prefix: string;
  estado: NarrationState;
  /** Polly's task ids: absent while the job is only claimed (its request is starting them). */
  audioTask?: string;
  marksTask?: string;
  audioKey?: string;
  marksKey?: string;
  caracteres: number;
  /** The request that claimed the job, and when: a claim whose tasks never started may be taken over after CLAIM_STALE_MS. */
  claim?: string;
  reclamadoEn?: string;
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
    /** The job (a strongly consistent read: a twin that lost the claim must see the winner's). */
    get(userId: string, prefix: string): Promise<NarrationJob | undefined>;
    /**
     * Writes the claimed job (`generando`, no tasks yet) unless a live one is there: true when this request
     * won. A failed job, a claim older than `staleBefore` that never started, or an expired one is taken over.
     */
    claim(userId: string, job: NarrationJob, staleBefore: string): Promise<boolean>;
    /** Stores the started tasks on the job this request still claims (false: it was taken over meanwhile). */
    started(userId: string, job: NarrationJob): Promise<boolean>;
    /** Drops this request's claim (Polly refused to start): the next POST may try. */
    release(userId: string, prefix: string, claim: string): Promise<void>;
    update(userId: string, job: NarrationJob): Promise<void>;
  };
  tasks: SpeechTasks;
  /** A presigned GET of an object, valid a few minutes. */
  link(key: string): Promise<string>;
  allowance: {
    /**
     * Before Polly hears anything: holds the characters' cost of the month's AI budget (429 in Spanish
     * when it does not fit, issue 40), then reserves their minutes in the month's count with one
     * conditional write. Answers the paid work (`release` when nothing was synthesized: minutes and hold
     * back; `charge` once Polly started: the cost drawn from the hold), or when the month renews if the
     * minutes do not fit the plan (the hold is given back).
     */
    reserve(userId: string, characters: number): Promise<Reserved | { renuevaEl: string }>;
  };
  minutesOf(characters: number): number;
}

/** Minutes and money held for one synthesis: given back, or paid once Polly started. */
export interface Reserved {
  release(): Promise<void>;
  charge(): Promise<void>;
}

export const LESSON_NOT_FOUND = 'No encontramos esta lección.';
export const NOT_NARRATED = 'Esta lección todavía no tiene audio con esa voz: pulsa «Escuchar lección».';
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
export const minutesExhausted = (renuevaEl: string) =>
  `Has usado los minutos de narración de tu plan este mes. Se renuevan el 1 de ${MONTHS[new Date(renuevaEl).getUTCMonth()]}.`;

/** A claim whose Polly tasks have not started after this long is a request that died: another may take it. */
export const CLAIM_STALE_MS = 60_000;

/** The minutes of `characters`, reserved before any synthesis, or 429 in Spanish (nothing reserved). */
export async function reserveMinutes(deps: Pick<NarrationDeps, 'allowance'>, userId: string, characters: number) {
  const held = await deps.allowance.reserve(userId, characters);
  if ('renuevaEl' in held) throw new AppError(429, minutesExhausted(held.renuevaEl), 'NarrationMinutesExceeded');
  return held;
}

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
export async function startNarration(deps: NarrationDeps, userId: string, ref: LessonRef, voice: string, now: () => Date = clock.now): Promise<NarrationView> {
  const { text, prefix } = await readable(deps, userId, ref, voice);
  const existing = await deps.jobs.get(userId, prefix);
  if (existing && !retryable(existing, now())) return view(deps, userId, existing, voice, now());
  // The claim comes first: of simultaneous first plays exactly one goes on, and the others answer its job
  // without reserving, synthesizing or charging anything.
  const job: NarrationJob = { prefix, estado: 'generando', caracteres: text.length, claim: randomUUID(), reclamadoEn: now().toISOString() };
  if (!(await deps.jobs.claim(userId, job, staleBefore(now())))) {
    const winner = await deps.jobs.get(userId, prefix);
    return winner ? view(deps, userId, winner, voice, now()) : { estado: 'generando', voz: voice, minutos: deps.minutesOf(text.length) };
  }
  let minutes: Reserved | undefined;
  try {
    minutes = await reserveMinutes(deps, userId, text.length);
    const tasks = await deps.tasks.start({ text, voice, prefix });
    const started = { ...job, ...tasks };
    await deps.jobs.started(userId, started);
    await minutes.charge();
    return view(deps, userId, started, voice, now());
  } catch (error) {
    // Nothing was synthesized: the minutes and the claim go back, so a refusal or Polly's failure changes nothing.
    await minutes?.release().catch(() => undefined);
    await deps.jobs.release(userId, prefix, job.claim!).catch(() => undefined);
    throw error;
  }
}

const staleBefore = (at: Date) => new Date(at.getTime() - CLAIM_STALE_MS).toISOString();

/** A failed job, or a claim whose request died before Polly started, is started again by the next POST. */
const retryable = (job: NarrationJob, at: Date) => job.estado === 'error' || (!job.audioTask && (job.reclamadoEn ?? '') < staleBefore(at));

/** GET: the job's state (asking Polly while it runs) and, when ready, short-lived links. */
export async function getNarration(deps: NarrationDeps, userId: string, ref: LessonRef, voice: string, now: () => Date = clock.now): Promise<NarrationView> {
  const { prefix } = await readable(deps, userId, ref, voice);
  const job = await deps.jobs.get(userId, prefix);
  if (!job) throw notFound(NOT_NARRATED);
  return view(deps, userId, job, voice, now());
}

async function view(deps: NarrationDeps, userId: string, job: NarrationJob, voice: string, at: Date): Promise<NarrationView> {
  let current = job;
  // Claimed, tasks not started yet: still starting, or (stale) a request that died, which the next POST retries.
  if (!job.audioTask || !job.marksTask) return { estado: retryable(job, at) ? 'error' : 'generando', voz: voice, minutos: deps.minutesOf(job.caracteres) };
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
