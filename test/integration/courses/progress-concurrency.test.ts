import { call, signUp } from '../support/api';
import { generateCourse } from './support/courses';

// Progress is one conditional UpdateItem of the course item: the lesson's entry in its progress map
// and the counters, which move by the delta its condition proves of the lesson's old state, or it is tried
// with its complement at once (lambdas/course-model/progress-writes.ts). Each test makes its own learner and courses: neither reads
// what the other wrote.

describe('concurrent progress writes', () => {
  it('keeps all 100 of 100 simultaneous writes', async () => {
    const token = (await signUp('Rápida')).tokens.accessToken;
    const courses: string[] = [];
    for (const topic of ['Álgebra', 'Geometría', 'Estadística']) {
      courses.push((await generateCourse(token, { topic, level: 'intermedio', modulos: 8, leccionesPorModulo: 6 })).courseId);
    }
    const lessons = courses.flatMap((courseId) =>
      Array.from({ length: 48 }, (_, i) => ({ courseId, moduleId: `m0${Math.floor(i / 6) + 1}`, lessonId: `l0${(i % 6) + 1}` })),
    ).slice(0, 100);
    const answers = await Promise.all(
      lessons.map(({ courseId, ...rest }) => call('POST', `/courses/${courseId}/progress`, { token, body: { ...rest, estado: 'completado' } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    const progress = await Promise.all(courses.map((id) => call('GET', `/courses/${id}/progress`, { token })));
    expect(progress.map((p) => p.body.data.progreso.completadas)).toEqual([48, 48, 4]);
    const mine = (await call('GET', '/courses/my-courses', { token })).body.data;
    const counters = Object.fromEntries(mine.map((c: any) => [c.courseId, c.progreso.completadas]));
    expect(courses.map((id) => counters[id])).toEqual([48, 48, 4]);
  }, 180000);

  it('counts a lesson once however many times it is completed at the same time', async () => {
    const token = (await signUp('Insistente')).tokens.accessToken;
    const { courseId } = await generateCourse(token, { topic: 'Trigonometría', level: 'intermedio', modulos: 2, leccionesPorModulo: 2 });
    const body = { moduleId: 'm02', lessonId: 'l02', estado: 'completado' };
    const toggles = await Promise.all(Array.from({ length: 30 }, (_, i) => call('POST', `/courses/${courseId}/progress`, { token, body: { ...body, estado: i % 3 ? 'completado' : 'en_curso' } })));
    expect(toggles.every((t) => t.status === 200)).toBe(true);
    await call('POST', `/courses/${courseId}/progress`, { token, body });
    const exact = (await call('GET', `/courses/${courseId}/progress`, { token })).body.data.progreso.completadas;
    const counter = (await call('GET', '/courses/my-courses', { token })).body.data.find((c: any) => c.courseId === courseId).progreso.completadas;
    expect(exact).toBe(1);
    expect(counter).toBe(1);
  }, 120000);
});
