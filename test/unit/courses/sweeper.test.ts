import type { RunningJob, RunningJobs } from '../../../lambdas/course-model/running-jobs';
import { MAX_SWEPT_PER_RUN, STALE_AFTER_MINUTES, STALLED_MESSAGE, sweepStaleJobs } from '../../../lambdas/pipeline/sweeper';

// The sweeper's rule on its own: jobs idle since now − 15 min are failed with the Spanish message,
// each conditional on still being idle (the store answers false for one that moved), a bounded
// number per run, and the stalest job's age is what the alarm reads.

const NOW = new Date('2026-05-01T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const job = (id: string, movedAt: string): RunningJob => ({ userId: `u-${id}`, courseId: `c-${id}`, jobId: `j-${id}`, movedAt });

function fakes(stale: RunningJob[], oldestMovedAt?: string, moved = new Set<string>()) {
  const asked: { cutoff: string; max: number }[] = [];
  const failed: string[][] = [];
  const running: RunningJobs = {
    idleSince: async (cutoff, max) => {
      asked.push({ cutoff, max });
      return { stale: stale.slice(0, max), oldestMovedAt };
    },
  };
  const store = {
    fail: async (userId: string, courseId: string, jobId: string, message: string, idleBefore?: string) => {
      failed.push([userId, courseId, jobId, message, idleBefore ?? '']);
      return !moved.has(jobId);
    },
  };
  return { deps: { running, store }, asked, failed };
}

describe('the stale-job sweeper', () => {
  it('settles the AI budget hold of each run it failed, and only those (issue 31)', async () => {
    const f = fakes([job('a', ago(40)), job('b', ago(16))], ago(40), new Set(['j-b']));
    const settled: string[] = [];
    await sweepStaleJobs({ ...f.deps, settle: async (userId, jobId) => void settled.push(`${userId}/${jobId}`) }, NOW);
    expect(settled).toEqual(['u-a/j-a']);
  });

  it(`fails every job idle for ${STALE_AFTER_MINUTES} minutes, in Spanish, only if still idle since the cutoff`, async () => {
    const f = fakes([job('a', ago(40)), job('b', ago(16))], ago(40), new Set(['j-b']));
    const result = await sweepStaleJobs(f.deps, NOW);
    expect(f.asked).toEqual([{ cutoff: ago(STALE_AFTER_MINUTES), max: MAX_SWEPT_PER_RUN }]);
    expect(f.failed).toEqual([
      ['u-a', 'c-a', 'j-a', STALLED_MESSAGE, ago(STALE_AFTER_MINUTES)],
      ['u-b', 'c-b', 'j-b', STALLED_MESSAGE, ago(STALE_AFTER_MINUTES)],
    ]);
    // b moved between the Query and the write: not counted.
    expect(result).toEqual({ swept: 1, oldestRunningJobAgeSeconds: 40 * 60 });
    expect(STALLED_MESSAGE).toBe('La generación de tu curso se detuvo y no avanzó en 15 minutos. Puedes reintentarla desde tu panel.');
  });

  it('reports the age of the stalest running job even when none is stale, and 0 when none runs', async () => {
    expect(await sweepStaleJobs(fakes([], ago(3)).deps, NOW)).toEqual({ swept: 0, oldestRunningJobAgeSeconds: 180 });
    expect(await sweepStaleJobs(fakes([]).deps, NOW)).toEqual({ swept: 0, oldestRunningJobAgeSeconds: 0 });
  });

  it(`fails at most ${MAX_SWEPT_PER_RUN} jobs per run`, async () => {
    const many = Array.from({ length: MAX_SWEPT_PER_RUN + 50 }, (_, i) => job(String(i), ago(60)));
    const f = fakes(many, ago(60));
    expect((await sweepStaleJobs(f.deps, NOW)).swept).toBe(MAX_SWEPT_PER_RUN);
  });
});
