import type { JobView } from '../../../../lambdas/contract/courses';
import { request } from '../../lib/api';

// GET /jobs/{id} as a conditional read (issue 23 item 4): the last answer's ETag goes out as
// If-None-Match and a 304 (no body) means "unchanged": the caller gets the very same object back,
// so `next === last` tells a poll that moved nothing. Silent: a poll never shows the overlay.

const known = new Map<string, { etag: string; job: JobView }>();
/** A few jobs at a time are followed (a course, a lesson); the map never grows past this. */
const KEPT = 16;

export async function readJob(jobId: string): Promise<JobView> {
  const last = known.get(jobId);
  const res = await request('GET /jobs/{id}', { params: { id: jobId } }, {
    silent: true,
    headers: last ? { 'If-None-Match': last.etag } : undefined,
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
  });
  if (res.status === 304) {
    if (last) return last.job;
    throw new Error('No pudimos leer el avance de la generación. Inténtalo de nuevo.');
  }
  const job = res.data.data;
  const etag = (res.headers as Record<string, unknown>).etag;
  known.delete(jobId);
  // An ended job is read no more: nothing to keep.
  if (typeof etag === 'string' && job.status === 'en_proceso') {
    known.set(jobId, { etag, job });
    if (known.size > KEPT) known.delete(known.keys().next().value as string);
  }
  return job;
}
