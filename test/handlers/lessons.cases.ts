import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';

export const cases: GroupCases = {
  'POST /lesson/generate': {
    badBody: { body: { courseId: 'c1', moduleId: 'm01' }, message: 'La lección es obligatoria' },
    success: [
      'answers the lesson with its content',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const res = await invoke('POST /lesson/generate', { userId, body: { courseId, moduleId: 'm01', lessonId: 'l01' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Lección generada', data: { lessonId: 'l01', estado: 'lista' } } });
        expect(res.body.data.contenido).toEqual(expect.stringContaining('##'));
      },
    ],
  },
};
