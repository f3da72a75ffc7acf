import type { LmsScore } from '../lms-grades';
import { AGS_SCOPE } from './claims';
import type { PlatformItem } from './lti-items';
import { accessToken, forgetToken, PlatformError, platformFetch, type TokenDeps } from './platform-token';

// Posting one score to its line item (AGS 2.0 §3.4 "Score publish service"): POST <lineitem>/scores (the
// path gets `/scores`, any query string stays), `application/vnd.ims.lis.v1.score+json`, the learner named by
// their LMS `sub`. The timestamp is the attempt's, so the same score sent again is the same result, not a newer
// one (AGS §3.4.7: a platform keeps the latest by timestamp).

export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
const SCOPES = [AGS_SCOPE.score];

export const scoresUrl = (lineitem: string) => {
  const u = new URL(lineitem);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/scores`;
  return u.toString();
};

/** `lineitem`: the score's own, or the one the job found or made for its link (ags-lineitems.ts). */
export async function postScore(deps: TokenDeps, platform: PlatformItem, score: LmsScore, lineitem: string): Promise<void> {
  const body = JSON.stringify({
    userId: score.sub,
    scoreGiven: score.scoreGiven,
    scoreMaximum: score.scoreMaximum,
    activityProgress: score.activityProgress,
    gradingProgress: score.gradingProgress,
    timestamp: score.timestamp,
  });
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await accessToken(deps, platform, SCOPES);
    const res = await platformFetch(deps, scoresUrl(lineitem), { method: 'POST', headers: { 'content-type': SCORE_MEDIA_TYPE, authorization: `Bearer ${token}` }, body });
    if (res.ok) return;
    // 409: the platform keeps a result at least as new as this score (Moodle's scores.php refuses a timestamp not
    // after the kept grade's). The score is the attempt's, with its own timestamp: the platform already holds it (a
    // post recorded whose answer was lost, then sent again) or a later attempt's. Either way it is delivered, not an
    // error that "Reintentar" could never clear.
    if (res.status === 409) return;
    // A token the platform revoked early: one more with a fresh one.
    if (res.status === 401 && attempt === 0) {
      forgetToken(platform, SCOPES);
      continue;
    }
    throw new PlatformError('PlatformRefused', `La plataforma rechazó la nota (${res.status}).`);
  }
}
