import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NarrationViewBody, NarrationVoiceId } from '../../../../lambdas/contract/narration';
import { useAuth } from '../../app/providers/auth-provider';
import { errorMessage } from '../../lib/error-message';
import { downloadedAudio, type OfflineAudio } from '../../lib/offline-store';
import { nextPollMs } from '../../lib/polling';
import { narrationApi, narrationKeys, type LessonKey } from './api';
import { parseMarks } from './marks';

/** What the cache keeps per lesson and voice: the last answer and the wait before the next poll. */
interface Polled {
  view: NarrationViewBody;
  waitMs: number;
}

const statusOf = (err: unknown) => (err as { response?: { status?: number } } | null)?.response?.status;
/** A request that got no answer at all (no connection): the downloaded audio may answer instead. */
const unanswered = (err: unknown) => Boolean((err as { isAxiosError?: boolean } | null)?.isAxiosError && !(err as { response?: unknown }).response);

/**
 * One object URL per downloaded recording for the page's life (the bytes never change under its S3 path); the
 * CSP allows `blob:` for media only. Its marks are read from the device as they are, never fetched: `marcasUrl`
 * then names the recording's kept marks (localMarks), not a link.
 */
const local = new Map<string, { objeto: string; audioUrl: string; marcasUrl?: string }>();
const localMarks = new Map<string, string>();
function localUrls(kept: OfflineAudio) {
  let urls = local.get(kept.id);
  if (urls?.objeto !== kept.objeto) {
    const audioUrl = URL.createObjectURL(kept.audio);
    urls = { objeto: kept.objeto, audioUrl, ...(kept.marcas !== undefined && { marcasUrl: `${audioUrl}#marcas` }) };
    if (kept.marcas !== undefined) localMarks.set(`${audioUrl}#marcas`, kept.marcas);
    local.set(kept.id, urls);
  }
  return urls;
}
/** The server's `lista` answer for an object already on the device: played from its bytes, nothing downloaded. */
const samePath = (url: string | undefined, kept: OfflineAudio) => url !== undefined && new URL(url, window.location.href).pathname === kept.objeto;

/**
 * A lesson's audio in one voice. The first ask is POST (it starts the Polly job, or answers the one
 * that exists, free); while the job says `generando` it is read with GET, backing off as the course
 * page polls its job (course/polling.ts: 1 s, then 2, 4, 8, 10 s while nothing moves). A job that
 * failed is started again by the next ask (the learner's "Reintentar"). `refresh` reads it again
 * for fresh links: they last five minutes, so an audio element that fails after that asks here.
 */
export function useNarration(lesson: LessonKey, voz: NarrationVoiceId) {
  const client = useQueryClient();
  const userId = useAuth().user?.id;
  const key = narrationKeys.lesson(lesson, voz);
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<Polled> => {
      // Issue 44: the audio downloaded with the course plays with no connection, from its bytes (the link expired).
      const kept = userId ? await downloadedAudio(userId, lesson, voz).catch(() => undefined) : undefined;
      const offline = kept && { view: { estado: 'lista' as const, voz, minutos: kept.minutos, ...localUrls(kept) }, waitMs: 0 };
      if (offline && !navigator.onLine) return offline;
      const last = client.getQueryData<Polled>(key);
      let view: NarrationViewBody;
      try {
        view = last && last.view.estado !== 'error' ? await narrationApi.read(lesson, voz) : await narrationApi.start(lesson, voz);
      } catch (err) {
        if (offline && unanswered(err)) return offline;
        throw err;
      }
      // Online, a recording already on the device is played from it: a second visit downloads nothing.
      if (offline && view.estado === 'lista' && samePath(view.audioUrl, kept)) return offline;
      return { view, waitMs: nextPollMs(last?.waitMs, last?.view.estado !== view.estado) };
    },
    // Run even when the browser says it is offline: the downloaded audio answers then.
    networkMode: 'always',
    // The links in a `lista` answer last five minutes: a later visit asks again.
    staleTime: 60_000,
    refetchInterval: (q) => (q.state.status !== 'error' && q.state.data?.view.estado === 'generando' ? q.state.data.waitMs : false),
  });
  const view = query.data?.view;
  const marks = useQuery({
    queryKey: narrationKeys.marks(lesson, voz),
    enabled: view?.estado === 'lista' && view.marcasUrl !== undefined,
    // The marks are an S3 object behind a presigned link, not a route of the API.
    queryFn: async () => {
      const kept = localMarks.get(view!.marcasUrl!);
      if (kept !== undefined) return parseMarks(kept);
      const res = await fetch(view!.marcasUrl!);
      if (!res.ok) throw new Error(`marcas ${res.status}`);
      return parseMarks(await res.text());
    },
    staleTime: Infinity,
  });
  const failed = query.isError && !query.isFetching;
  return {
    view,
    marks: marks.data,
    /** The server's Spanish refusal (a 429 says the month's minutes are used), or ours. */
    error: failed ? errorMessage(query.error, 'No pudimos preparar el audio de esta lección.') : undefined,
    /** A spent allowance: asking again cannot help until the month turns. */
    exhausted: failed && statusOf(query.error) === 429,
    /** Asks again: POST when the job failed or was never started, GET (fresh links) otherwise. */
    refresh: () => client.refetchQueries({ queryKey: key }),
  };
}
