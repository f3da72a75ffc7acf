import type { JobView } from '../contract';
import { weakEtag } from '../shared/etag';

// A conditional GET /jobs/{id} (issue 23 item 4): the page polls with If-None-Match and most polls
// answer 304 with no body. The tag covers what the learner sees of the job: its status, step,
// done/total, result, error and cost. `updatedAt` is left out on purpose: tasks touch it without
// changing anything shown, and a new tag there would turn those polls into full answers.

export { noneMatch } from '../shared/etag';

/** A weak tag (W/): two answers with the same tag show the learner the same progress. */
export function jobEtag(view: JobView): string {
  const { updatedAt: _ignored, ...shown } = view;
  return weakEtag(shown);
}
