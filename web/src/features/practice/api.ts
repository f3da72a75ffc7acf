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
  job: async (jobId: string): Promise<JobView> => (await call('GET /jobs/{id}', { params: { id: jobId } }, quiet)).data,
};
