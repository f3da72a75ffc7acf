import type { JobView } from '../../../../lambdas/contract/courses';
import { call } from '../../lib/api';

// Practice calls (issue 32, docs/learning.md): an answer in the learner's own words starts a grading
// job; the job is read until it ends. Quiet: the answer box shows its own "Corrigiendo…" state.

const quiet = { silent: true };

export interface Lesson {
  courseId: string;
  moduleId: string;
  lessonId: string;
}

export const practiceApi = {
  /** `key`: the answer's Idempotency-Key, the same on the client's retries and on the outbox's later send (issue 44). */
  selfCheck: async (l: Lesson, pregunta: number, respuesta: string, key: string) =>
    (await call('POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check', { params: { id: l.courseId, moduleId: l.moduleId, lessonId: l.lessonId }, body: { pregunta, respuesta } }, { ...quiet, headers: { 'Idempotency-Key': key } })).jobId,
  job: async (jobId: string): Promise<JobView> => (await call('GET /jobs/{id}', { params: { id: jobId } }, quiet)).data,
};
