import { call, signUp } from '../support/api';
import { partitionOf } from '../matrix/owner-state';
import { generateCourse } from './support/courses';

// Ownership is in the key: every course item lives in its learner's partition, so another
// learner's ids lead nowhere. They answer 404 (never 403: no hint that the id exists) and change nothing.

describe('another learner\'s course', () => {
  let owner: string;
  let ownerId: string;
  let stranger: string;
  let courseId: string;
  let jobId: string;
  /** The owner's state before the stranger's first call: as their own API shows it, and as the table holds it. */
  let before: Awaited<ReturnType<typeof ownerState>>;

  // The owner's view through their own API first (a read may write, e.g. a new variant), then
  // their whole partition from the table, so the partition compared later moved only by the stranger.
  const ownerState = async () => {
    const api = [];
    for (const path of [`/courses/${courseId}`, `/courses/${courseId}/progress`, `/ai-tutor/context/${courseId}`, `/jobs/${jobId}`, '/courses/my-courses']) {
      api.push({ path, ...(await call('GET', path, { token: owner })) });
    }
    return { api, partition: await partitionOf(ownerId) };
  };

  beforeAll(async () => {
    const a = await signUp('Dueña');
    owner = a.tokens.accessToken;
    ownerId = a.user.id;
    stranger = (await signUp('Extraño')).tokens.accessToken;
    const made = await generateCourse(owner, { topic: 'Astronomía', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    courseId = made.courseId;
    jobId = made.plan.jobId;
    // Progress, an evaluation and a conversation with the tutor: every kind of state a stranger might touch.
    await call('POST', `/courses/${courseId}/progress`, { token: owner, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
    await call('POST', '/evaluacion/generate', { token: owner, body: { courseId, moduleId: 'm01' } });
    await call('POST', '/ai-tutor/chat', { token: owner, body: { courseId, message: '¿Qué estudia la astronomía?' } });
    before = await ownerState();
  }, 90000);

  const attempts = () => [
    ['GET', `/courses/${courseId}`, undefined],
    ['GET', `/jobs/${jobId}`, undefined],
    ['GET', `/courses/${courseId}/progress`, undefined],
    ['POST', `/courses/${courseId}/progress`, { moduleId: 'm01', lessonId: 'l02', estado: 'completado' }],
    ['POST', '/lesson/generate', { courseId, moduleId: 'm01', lessonId: 'l01' }],
    ['POST', '/evaluacion/generate', { courseId, moduleId: 'm01', regenerar: true }],
    ['POST', `/courses/${courseId}/modules/m01/evaluation`, { answers: [{ preguntaId: 'p1', opcion: 'A' }] }],
    ['POST', `/courses/${courseId}/retry`, undefined],
    ['POST', '/ai-tutor/chat', { courseId, message: '¿De qué trata este curso?' }],
    ['GET', `/ai-tutor/context/${courseId}`, undefined],
    ['DELETE', `/ai-tutor/context/${courseId}`, undefined],
  ] as const;

  it('holds the owner\'s course, progress, evaluation, conversation and job before any stranger call', () => {
    const kinds = before.partition.map((i) => String(i.sk).replace(courseId, '<curso>').replace(jobId, '<job>'));
    expect(kinds).toEqual(expect.arrayContaining(['COURSE#<curso>', 'COURSE#<curso>#E#m01', 'COURSE#<curso>#L#m01#l01', `TUTOR#<curso>`, 'JOB#<job>']));
    expect(before.api.every((a) => a.status === 200)).toBe(true);
  });

  it('answers 404 on every route', async () => {
    for (const [method, path, body] of attempts()) {
      const res = await call(method, path, { token: stranger, body });
      expect({ method, path, status: res.status, success: res.body.success }).toEqual({ method, path, status: 404, success: false });
    }
  });

  it('is left exactly as it was before the stranger\'s first call', async () => {
    for (const [method, path, body] of attempts()) await call(method, path, { token: stranger, body });
    const after = await ownerState();
    expect(after.partition).toEqual(before.partition);
    expect(after.api).toEqual(before.api);
  });

  it('never appears among the stranger\'s courses', async () => {
    expect((await call('GET', '/courses/my-courses', { token: stranger })).body.data).toEqual([]);
  });
});

describe('the answer key', () => {
  it('is absent from every answer before the learner submits', async () => {
    const { tokens } = await signUp();
    const token = tokens.accessToken;
    const plan = await call('POST', '/courses/plan', { token, body: { topic: 'Química', level: 'avanzado', modulos: 2, leccionesPorModulo: 2 } });
    const bodies: unknown[] = [plan.body];
    const { courseId, jobId } = { courseId: plan.body.curso.courseId, jobId: plan.body.jobId };
    for (let done = false; !done;) {
      const job = await call('GET', `/jobs/${jobId}`, { token });
      const course = await call('GET', `/courses/${courseId}`, { token });
      bodies.push(job.body, course.body);
      done = job.body.data.status !== 'en_proceso';
    }
    bodies.push((await call('GET', '/courses/my-courses', { token })).body);
    bodies.push((await call('GET', `/courses/${courseId}/progress`, { token })).body);
    bodies.push((await call('POST', `/courses/${courseId}/progress`, { token, body: { moduleId: 'm02', lessonId: 'l02', estado: 'en_curso' } })).body);
    bodies.push((await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm02' } })).body);
    bodies.push((await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm02', regenerar: true } })).body);
    for (const body of bodies) expect(JSON.stringify(body)).not.toMatch(/"correcta"|"opcionCorrecta"|"explicacion"|"respuestas"/);
  });
});
