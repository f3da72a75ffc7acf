import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { finishedJob, generatedCourse, learner } from '../support/learners';

export const cases: GroupCases = {
  'POST /lesson/generate': {
    badBody: { body: { courseId: 'c0ffee00-0000-4000-8000-000000000000', moduleId: 'm01' }, message: 'La lección es obligatoria' },
    success: [
      'answers a job at once; the job writes the lesson again and names it as its result',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const res = await invoke('POST /lesson/generate', { userId, body: { courseId, moduleId: 'm01', lessonId: 'l01' } });
        expect(res).toMatchObject({ status: 202, body: { success: true, jobId: expect.any(String), message: 'Estamos escribiendo la lección de nuevo' } });
        expect(await finishedJob(userId, res.body.jobId)).toMatchObject({
          status: 'completado', kind: 'leccion', result: { kind: 'leccion', courseId, moduleId: 'm01', lessonId: 'l01' },
        });
        const course = await invoke('GET /courses/{id}', { userId, params: { id: courseId } });
        expect(course.status).toBe(200);
      },
    ],
  },
};
