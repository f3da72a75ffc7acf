import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NarrationViewBody, NarrationVoiceId } from '../../../../lambdas/contract/narration';
import { errorMessage } from '../../lib/error-message';
import { nextPollMs } from '../../lib/polling';
import { narrationApi, narrationKeys, type LessonKey } from './api';
import { parseMarks } from './marks';

/** What the cache keeps per lesson and voice: the last answer and the wait before the next poll. */
interface Polled {
  view: NarrationViewBody;
  waitMs: number;
}

const statusOf = (err: unknown) => (err as { response?: { status?: number } } | null)?.response?.status;

/**
 * A lesson's audio in one voice. The first ask is POST (it starts the Polly job, or answers the one
 * that exists, free); while the job says `generando` it is read with GET, backing off as the course
 * page polls its job (course/polling.ts: 1 s, then 2, 4, 8, 10 s while nothing moves). A job that
 * failed is started again by the next ask (the learner's "Reintentar"). `refresh` reads it again
 * for fresh links: they last five minutes, so an audio element that fails after that asks here.
 */
export function useNarration(lesson: LessonKey, voz: NarrationVoiceId) {
  const client = useQueryClient();
  const key = narrationKeys.lesson(lesson, voz);
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<Polled> => {
      const last = client.getQueryData<Polled>(key);
      const view = last && last.view.estado !== 'error' ? await narrationApi.read(lesson, voz) : await narrationApi.start(lesson, voz);
      return { view, waitMs: nextPollMs(last?.waitMs, last?.view.estado !== view.estado) };
    },
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
