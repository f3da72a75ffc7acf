import { act, renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { JobView } from '../../../lambdas/contract/courses';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { setRuntimeConfig } from '../../../web/src/config/runtime-config';
import { readJob } from '../../../web/src/features/course/job-reader';
import { nextPollMs, polling } from '../../../web/src/lib/polling';
import { useJob } from '../../../web/src/features/course/use-job';
import { api } from '../../../web/src/lib/api-client';
import { useLoadingStore } from '../../../web/src/lib/loading-store';
import { saveTokens } from '../../../web/src/lib/token-storage';
import { someTokens, testConfig } from '../fake-api';
import { aJob } from './fixtures';

// Issue 23 item 4: the course page polls GET /jobs/{id} with If-None-Match and backs off while
// nothing moves. This backend answers as the jobs Lambda does: an ETag, and 304 with no body when
// the caller's tag is current. Its adapter applies validateStatus as axios' own adapters do.

interface Seen { ifNoneMatch?: string; status: number }

function jobServer(current: () => JobView) {
  const seen: Seen[] = [];
  const tagOf = (job: JobView) => `W/"${job.status}-${job.step}-${job.done}"`;
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const job = current();
    const etag = tagOf(job);
    const ifNoneMatch = (AxiosHeaders.from(config.headers).get('If-None-Match') as string | undefined) ?? undefined;
    const status = ifNoneMatch === etag ? 304 : 200;
    seen.push({ ifNoneMatch, status });
    const response = { data: status === 304 ? '' : { success: true, data: { ...job } }, status, statusText: String(status), headers: { etag }, config, request: {} };
    if (!config.validateStatus?.(status)) return Promise.reject(new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response));
    return Promise.resolve(response);
  };
  api.defaults.adapter = adapter;
  return seen;
}

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig(testConfig);
  saveTokens(someTokens());
  polling.jobMs = 1000;
  polling.maxJobMs = 10_000;
  useLoadingStore.setState({ isLoading: false, pending: 0 });
});

describe('the backoff schedule', () => {
  it('1 s, then 2, 4, 8 and 10 s at most while unchanged; back to 1 s when the job moves', () => {
    const waits: number[] = [];
    let last: number | undefined;
    for (let i = 0; i < 7; i++) waits.push((last = nextPollMs(last, false)));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(nextPollMs(10_000, true)).toBe(1000);
  });
});

describe('GET /jobs/{id} as a conditional read', () => {
  it('sends the last ETag; a 304 is "unchanged": the same object back, no error, no loading overlay', async () => {
    let job = aJob({ jobId: 'j-304', step: 'contenido', done: 1, total: 4 });
    const seen = jobServer(() => job);
    const first = await readJob('j-304');
    expect(first).toMatchObject({ done: 1 });
    const again = await readJob('j-304');
    expect(again).toBe(first);
    expect(seen).toEqual([{ ifNoneMatch: undefined, status: 200 }, { ifNoneMatch: 'W/"en_proceso-contenido-1"', status: 304 }]);
    expect(useLoadingStore.getState().isLoading).toBe(false);

    job = { ...job, done: 2 };
    const moved = await readJob('j-304');
    expect(moved).toMatchObject({ done: 2 });
    expect(moved).not.toBe(first);
  });
});

describe('useJob polling with fake timers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a job that does not move for a minute is asked 9 times, not 60; a change is polled again after 1 s', async () => {
    let job = aJob({ jobId: 'j-slow', step: 'contenido', done: 3, total: 24 });
    const seen = jobServer(() => job);
    const { result, unmount } = renderHook(() => useJob('j-slow'), { wrapper: QueryProvider }); // the app's cache, fresh per mount
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.job).toMatchObject({ done: 3 });
    const rendered = result.current.job;
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    // t = 0, 1, 3, 7, 15, 25, 35, 45, 55 s.
    expect(seen).toHaveLength(9);
    expect(seen.slice(1).every((s) => s.status === 304)).toBe(true);
    // Every 304 handed back the same object: nothing re-rendered with a "new" job.
    expect(result.current.job).toBe(rendered);

    job = { ...job, done: 4 };
    await act(() => jest.advanceTimersByTimeAsync(5000)); // the poll at 65 s sees it
    expect(seen).toHaveLength(10);
    await act(() => jest.advanceTimersByTimeAsync(10)); // the query cache tells its readers a few ms later
    expect(result.current.job).toMatchObject({ done: 4 });
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(seen).toHaveLength(11); // back to 1 s after a change

    job = { ...job, status: 'completado', step: 'completado', done: 24 };
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(result.current.job).toMatchObject({ status: 'completado' });
    const ended = seen.length;
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(seen.length).toBe(ended); // an ended job is asked no more
    unmount();
  });
});

describe('a new course: its first module is awaited every quarter second (issue 42)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a module stored 2.6 s after the answer is seen within a quarter second, not at the 3 s or 7 s poll; then the usual backoff', async () => {
    let job = aJob({ jobId: 'j-new' });
    const seen = jobServer(() => job);
    const { result, unmount } = renderHook(() => useJob('j-new'), { wrapper: QueryProvider });
    await act(() => jest.advanceTimersByTimeAsync(2600));
    // t = 0, 0.25, …, 2.5 s: asked 11 times while nothing was stored (the backoff asked twice: at 0 and 1 s).
    expect(seen).toHaveLength(11);
    job = { ...job, step: 'contenido', done: 1 };
    await act(() => jest.advanceTimersByTimeAsync(160)); // the poll at 2.75 s
    expect(result.current.job).toMatchObject({ step: 'contenido', done: 1 });
    // The first module is there: 1 s after the change, then 2, 4… while nothing moves.
    const at = seen.length;
    await act(() => jest.advanceTimersByTimeAsync(2900));
    expect(seen.length - at).toBe(1);
    unmount();
  });

  it('a course waiting its turn for the model, or whose outline is slow, goes back to the backoff', async () => {
    const queued = aJob({ jobId: 'j-queued', cola: { porDelante: 3, minutos: 2 } });
    const seenQueued = jobServer(() => queued);
    const first = renderHook(() => useJob('j-queued'), { wrapper: QueryProvider });
    await act(() => jest.advanceTimersByTimeAsync(3500));
    expect(seenQueued).toHaveLength(3); // t = 0, 1, 3 s
    first.unmount();

    const slow = aJob({ jobId: 'j-slow-outline' });
    const seenSlow = jobServer(() => slow);
    const second = renderHook(() => useJob('j-slow-outline'), { wrapper: QueryProvider });
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    const quick = seenSlow.length;
    expect(quick).toBeGreaterThanOrEqual(60); // every 0.25 s for 15 s
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    // Then doubling from a quarter second (0.5, 1, 2, 4, 8 s): a handful in the next 15 s, not sixty.
    expect(seenSlow.length - quick).toBeLessThanOrEqual(6);
    second.unmount();
  });
});
