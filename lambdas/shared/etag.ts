import { createHash } from 'node:crypto';

// Conditional GETs (RFC 9110 §13): a weak tag of what an answer shows, and If-None-Match compared with it.
// Used by GET /jobs/{id} (polled while a course is written, issue 23) and GET /courses/{id} (issue 44: a
// downloaded course asks with its copy's tag and a 304 moves nothing over the learner's data plan).

/** A weak tag (W/) of a JSON value: two answers with the same tag show the learner the same thing. */
export function weakEtag(value: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; a list, or `*`, matches as usual. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
