import type { LmsScore } from '../../../lambdas/lms-grades';
import { runScoreJob, type ScoreJobDeps } from '../../../lambdas/lti/score-job';

// Issue 45 (docs/lti.md "Grades"): a retry may take a score stuck pending for its next round. A job of the earlier
// round that is somehow still alive then posts nothing and records nothing: the same attempt is posted by one job.

const score = (over: Partial<LmsScore> = {}): LmsScore => ({
  nota: 'n1', userId: 'u1', sub: 's1', issuer: 'https://lms.example', clientId: 'c', lineitem: 'https://lms.example/li/1', resourceLinkId: 'r1',
  scoreGiven: 80, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: '2026-11-30T10:00:00Z',
  estado: 'pendiente', ronda: 1, creadaEn: '2026-11-30T10:00:00Z', ...over,
});

function fakeDeps(current: LmsScore) {
  const fetched: string[] = [];
  const marked: string[] = [];
  const deps = {
    grades: {
      score: async () => current,
      markSent: async () => { marked.push('sent'); return true; },
      markFailed: async (_a: string, _n: string, _r: string, ronda?: number) => { marked.push(`failed ${ronda}`); return true; },
    },
    store: { platform: async () => ({ issuer: current.issuer, clientId: current.clientId, tokenUrl: 'https://lms.example/token' }) },
    keys: { sign: async () => 'assertion' },
    fetch: async (url: string) => {
      fetched.push(String(url));
      return String(url).endsWith('/token') ? Response.json({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }) : new Response(null, { status: 200 });
    },
    now: () => new Date('2026-11-30T10:30:00Z'),
  } as unknown as ScoreJobDeps;
  return { deps, fetched, marked };
}

test('a job of round 0, after a retry took the score for round 1, posts nothing and marks nothing', async () => {
  const f = fakeDeps(score({ ronda: 1 }));
  expect(await runScoreJob(f.deps, { action: 'post', aulaId: 'a', nota: 'n1', ronda: 0 })).toEqual({ estado: 'pendiente' });
  expect(f.fetched).toEqual([]);
  expect(f.marked).toEqual([]);
});

test('the job of the score\'s own round posts it once and records it sent', async () => {
  const f = fakeDeps(score({ ronda: 1 }));
  expect(await runScoreJob(f.deps, { action: 'post', aulaId: 'a', nota: 'n1', ronda: 1 })).toEqual({ estado: 'enviada' });
  expect(f.fetched.filter((u) => u.endsWith('/scores'))).toHaveLength(1);
  expect(f.marked).toEqual(['sent']);
});

test('a failing job records its failure for its own round only', async () => {
  const f = fakeDeps(score());
  await runScoreJob(f.deps, { action: 'fail', aulaId: 'a', nota: 'n1', ronda: 0, error: { Cause: 'x' } });
  expect(f.marked).toEqual(['failed 0']);
});
