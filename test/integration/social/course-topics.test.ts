import { call } from '../support/api';
import { generateCourse } from '../courses/support/courses';
import { ids, learner, search, setProfile, uniqueTopic } from './support';

// Courses give learners topics: the community finds a learner by the topics of their courses,
// and their card counts courses and completed lessons.

describe('course topics in the community', () => {
  it('a new course makes its learner findable by its topic, counted on the card', async () => {
    const topic = uniqueTopic('Ciberseguridad Básica');
    const ana = await learner('Ana', ['Arte']);
    const seeker = await learner('Sergio');
    const { courseId } = await generateCourse(ana.token, { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    const found = await search(seeker, topic.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
    expect(ids(found)).toEqual([ana.id]);
    expect(found.body.data.items[0]).toMatchObject({ temas: [topic], cursos: 1, leccionesCompletadas: 0 });

    await call('POST', `/courses/${courseId}/progress`, { token: ana.token, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
    await call('POST', `/courses/${courseId}/progress`, { token: ana.token, body: { moduleId: 'm01', lessonId: 'l02', estado: 'completado' } });
    expect((await search(seeker, topic)).body.data.items[0].leccionesCompletadas).toBe(2);
    await call('POST', `/courses/${courseId}/progress`, { token: ana.token, body: { moduleId: 'm01', lessonId: 'l02', estado: 'en_curso' } });
    expect((await search(seeker, topic)).body.data.items[0].leccionesCompletadas).toBe(1);
  });

  it('a course topic stays in the index when the interests change, and leaves it while the profile is hidden', async () => {
    const topic = uniqueTopic('Cocina japonesa');
    const ana = await learner('Ana', ['Arte']);
    const seeker = await learner('Sergio');
    await generateCourse(ana.token, { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    await setProfile(ana, { intereses: ['Música'] });
    expect(ids(await search(seeker, topic))).toEqual([ana.id]);
    await setProfile(ana, { perfilPublico: false });
    expect(ids(await search(seeker, topic))).toEqual([]);
    await setProfile(ana, { perfilPublico: true });
    expect(ids(await search(seeker, topic))).toEqual([ana.id]);
  });
});
