import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { learner, startedCourse } from '../support/learners';

export const cases: GroupCases = {
  'GET /jobs/{id}': {
    success: [
      'answers the generation job of a course the learner started',
      async () => {
        const { userId } = await learner();
        const { jobId, courseId } = await startedCourse(userId);
        const res = await invoke('GET /jobs/{id}', { userId, params: { id: jobId } });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { jobId, courseId, status: expect.stringMatching(/en_proceso|completado/) } } });
      },
    ],
  },
};
