import type { LmsScore } from '../../../lambdas/lms-grades';
import type { PlatformItem } from '../../../lambdas/lti/lti-items';
import { runScoreJob } from '../../../lambdas/lti/score-job';

// docs/lti.md "Who can register a platform", rule 3: a score is sent only with the registration it was made
// under. The same issuer and client id registered again since (after a deletion, by anyone) is another
// registration: its token endpoint never receives the job, nothing is posted.

const score: LmsScore = {
  nota: 'u1#abc#c1#m01#1', userId: 'u1', sub: 's1', issuer: 'https://moodle.colegio.edu', clientId: 'c', registro: 'antes',
  lineitem: 'https://moodle.colegio.edu/mod/lti/services.php/2/lineitems/1/lineitem', resourceLinkId: 'r1',
  scoreGiven: 80, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: '2026-11-30T10:00:00.000Z',
  estado: 'pendiente', ronda: 1, creadaEn: '2026-11-30T10:00:00.000Z',
};
const platform = (registro?: string): PlatformItem => ({
  issuer: score.issuer, clientId: score.clientId, ...(registro && { registro }), authUrl: 'https://moodle.colegio.edu/auth',
  jwksUrl: 'https://moodle.colegio.edu/jwks', tokenUrl: 'https://moodle.colegio.edu/token', deployments: ['1'], ownerId: 'o', creadoEn: '2026-11-30T09:00:00.000Z',
});

function deps(found: PlatformItem | undefined) {
  const fetch = jest.fn();
  return {
    fetch,
    deps: {
      grades: { score: jest.fn().mockResolvedValue(score), markSent: jest.fn(), markFailed: jest.fn(), link: jest.fn(), claimLineItem: jest.fn(), saveLineItem: jest.fn(), releaseLineItem: jest.fn() },
      store: { platform: jest.fn().mockResolvedValue(found) },
      keys: { sign: jest.fn().mockResolvedValue('firmado') },
      fetch: fetch as unknown as typeof globalThis.fetch,
      now: () => new Date('2026-11-30T10:01:00.000Z'),
      schemes: ['https:'],
    },
  };
}

it('refuses to send a score with a later registration of the same issuer and client id', async () => {
  const { deps: d, fetch } = deps(platform('despues'));
  await expect(runScoreJob(d, { action: 'post', aulaId: 'a1', nota: score.nota })).rejects.toMatchObject({ name: 'PlatformRefused', message: 'La plataforma ya no está registrada en Mentora.' });
  expect(fetch).not.toHaveBeenCalled();
  expect(d.grades.markSent).not.toHaveBeenCalled();
});

it('refuses when the registration is gone', async () => {
  const { deps: d, fetch } = deps(undefined);
  await expect(runScoreJob(d, { action: 'post', aulaId: 'a1', nota: score.nota })).rejects.toMatchObject({ name: 'PlatformRefused' });
  expect(fetch).not.toHaveBeenCalled();
});
