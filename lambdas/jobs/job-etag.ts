import { createHash } from 'node:crypto';
import type { JobView } from '../contract';

// A conditional GET /jobs/{id} (issue 23 item 4): the page polls with If-None-Match and most polls
// answer 304 with no body. The tag covers what the learner sees of the job: its status, step,
// done/total, result, error and cost. `updatedAt` is left out on purpose: tasks touch it without
// changing anything shown, and a new tag there would turn those polls into full answers.

/** A weak tag (W/): two answers with the same tag show the learner the same progress. */
export function jobEtag(view: JobView): string {
  const { updatedAt: _ignored, ...shown } = view;
  return `W/"${createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 22)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; a list, or `*`, matches as usual. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
