import { call } from '../support/api';
import { generateCourse } from '../courses/support/courses';
import { ids, learner, search, setProfile, showCourseTopic, uniqueTopic } from './support';

// Courses give learners topics: the community finds a learner by the topics of the courses they
// chose to show (each course's own switch), and their card counts courses and completed lessons.

describe('course topics in the community', () => {
  it('a new course is counted but its topic stays private until the course\'s switch shows it', async () => {
    const topic = uniqueTopic('Ciberseguridad Básica');
    const interest = uniqueTopic('Arte');
    const ana = await learner('Ana', [interest]);
    const seeker = await learner('Sergio');
    const { courseId } = await generateCourse(ana.token, { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    expect(ids(await search(seeker, topic))).toEqual([]);
    expect((await search(seeker, interest)).body.data.items).toMatchObject([{ userId: ana.id, temas: [], cursos: 1 }]);
    expect((await showCourseTopic(ana, courseId)).status).toBe(200);
    const found = await search(seeker, topic.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
    expect(ids(found)).toEqual([ana.id]);
    expect(found.body.data.items[0]).toMatchObject({ temas: [topic], cursos: 1, leccionesCompletadas: 0 });

    await call('POST', `/courses/${courseId}/progress`, { token: ana.token, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
    await call('POST', `/courses/${courseId}/progress`, { token: ana.token, body: { moduleId: 'm01', lessonId: 'l02', estado: 'completado' } });
    expect((await search(seeker, topic)).body.data.items[0].leccionesCompletadas).toBe(2);
    await call('POST', `/courses/${courseId}/progress`, { token: ana.token, body: { moduleId: 'm01', lessonId: 'l02', estado: 'en_curso' } });
    expect((await search(seeker, topic)).body.data.items[0].leccionesCompletadas).toBe(1);
    expect((await showCourseTopic(ana, courseId, false)).body.data.temasPublicos).toEqual({});
    expect(ids(await search(seeker, topic))).toEqual([]);
  });

  it('answers 404 for another learner\'s course and changes nothing', async () => {
    const topic = uniqueTopic('Astrofísica');
    const ana = await learner('Ana');
    const intruder = await learner('Iván');
    const { courseId } = await generateCourse(ana.token, { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    expect(await showCourseTopic(intruder, courseId)).toEqual({ status: 404, body: { success: false, message: 'No encontramos ese curso.' } });
    expect(ids(await search(intruder, topic))).toEqual([]);
  });

  it('a course topic stays in the index when the interests change, and leaves it while the profile is hidden', async () => {
    const topic = uniqueTopic('Cocina japonesa');
    const ana = await learner('Ana', ['Arte']);
    const seeker = await learner('Sergio');
    const { courseId } = await generateCourse(ana.token, { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    await showCourseTopic(ana, courseId);
    await setProfile(ana, { intereses: ['Música'] });
    expect(ids(await search(seeker, topic))).toEqual([ana.id]);
    await setProfile(ana, { perfilPublico: false });
    expect(ids(await search(seeker, topic))).toEqual([]);
    await setProfile(ana, { perfilPublico: true });
    expect(ids(await search(seeker, topic))).toEqual([ana.id]);
  });
});
