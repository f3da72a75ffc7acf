import type { CourseStore } from '../../../lambdas/course-model/course-store';
import { courseProgress } from '../../../lambdas/tutor/context';
import { readChatContext } from '../../../lambdas/tutor/use-cases';
import { course, evaluation, fakeTutorStore } from './fakes';

// Issue 23: a tutor message reads what the tutor needs (the course item, the evaluations, the one
// lesson's content), never every item of the course: a Query with a projection is still billed for
// the lesson content it reads.

/** A course store that only answers GetItem of the course: reading all the course's items fails the test. */
const getOnly = (c = course()): CourseStore =>
  ({
    get: async (u: string, id: string) => (u === c.userId && id === c.courseId ? c : undefined),
    items: async () => {
      throw new Error('the tutor read every item of the course');
    },
  }) as unknown as CourseStore;

describe('what a tutor message reads', () => {
  it('reads the course item, the evaluations and one lesson, not every lesson', async () => {
    const { store } = fakeTutorStore({ evaluations: [evaluation()], content: 'Un vector tiene magnitud y dirección.' });
    const ctx = await readChatContext({ courses: getOnly(), tutor: store }, 'ana', { courseId: 'c1', moduleId: 'm01', lessonId: 'l01', message: 'Hola' });
    expect(ctx.lesson?.lessonId).toBe('l01');
    expect(ctx.content).toBe('Un vector tiene magnitud y dirección.');
    expect(ctx.tc.evaluations).toHaveLength(1);
  });

  it("takes the learner's progress from the course's counters", async () => {
    const { store } = fakeTutorStore();
    const ctx = await readChatContext({ courses: getOnly(course({ completadas: 3 })), tutor: store }, 'ana', { courseId: 'c1', message: 'Hola' });
    expect(courseProgress(ctx.tc)).toEqual({ completadas: 3, total: 4, porcentaje: 75 });
  });

  it("answers a Spanish 404 for a course that is not the learner's, reading nothing else", async () => {
    const { store } = fakeTutorStore();
    await expect(readChatContext({ courses: getOnly(), tutor: store }, 'otro', { courseId: 'c1', message: 'Hola' })).rejects.toMatchObject({ message: 'No encontramos ese curso.' });
  });
});
