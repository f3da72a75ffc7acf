import { courseActivity } from '../../../lambdas/social/course-hooks';
import { community } from './fakes';

describe('what courses tell the community', () => {
  it('a new course adds one to the course count, and its topic stays private until its own switch', async () => {
    const c = community();
    await c.join('ana', ['Arte']);
    await courseActivity(c.profiles.store).courseCreated('ana', 'Cerámica');
    expect((await c.profiles.store.get('ana'))).toMatchObject({ cursos: 1, temasCursos: [] });
    expect([...c.entries.keys()].join()).not.toMatch(/ceramica/);
  });

  it('progress sets the course count of completed lessons', async () => {
    const c = community();
    await c.join('ana');
    const port = courseActivity(c.profiles.store);
    await port.progressChanged('ana', 'c1', 2);
    await port.progressChanged('ana', 'c2', 1);
    expect((await c.profiles.store.get('ana'))!.leccionesCompletadas).toBe(3);
  });

  it("never fails the learner's course request when the community write fails", async () => {
    const c = community();
    const broken = { ...c.profiles.store, recordCourseTopic: () => Promise.reject(new Error('DynamoDB caído')) };
    await expect(courseActivity(broken).courseCreated('ana', 'Arte')).resolves.toBeUndefined();
  });
});
