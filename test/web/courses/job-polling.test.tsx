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
