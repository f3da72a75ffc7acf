import { call } from '../support/api';
import { connect, fullLearner, uniqueTopic, type Learner } from './account-fixture';

// GET /users/me/export: one JSON document with everything the learner's account holds, and
// nothing of anyone else (another learner appears only as the id of a connection).

describe('exporting my data', () => {
  let ana: Learner;
  let bruno: Learner;
  beforeAll(async () => {
    const topic = uniqueTopic('Botánica');
    let carla: Learner;
    [ana, bruno, carla] = await Promise.all([fullLearner('Ana', topic), fullLearner('Bruno', topic), fullLearner('Carla', topic)]);
    await connect(ana, bruno, carla);
  }, 180_000);

  it('answers an attachment holding the learner\'s account, courses, lessons, tutor, usage and connections', async () => {
    const res = await fetch(`${process.env.MENTORA_URL}/api/users/me/export`, { headers: { authorization: `Bearer ${ana.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mentora-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/);
    const { data } = (await res.json()) as { data: { cuenta: any; datos: Record<string, any[]> } };
    expect(data.cuenta).toMatchObject({ id: ana.id, email: ana.email, nombre: 'Ana', perfilPublico: true });
    expect(data.datos.cursos.map((c) => c.courseId)).toEqual([ana.courseId]);
    expect(data.datos.lecciones).toHaveLength(4);
    expect(data.datos.conversacionesTutor).toHaveLength(1);
    expect(data.datos.uso.length).toBeGreaterThan(0);
    expect(data.datos.conexiones.map((c) => c.otherId).sort()).toEqual(expect.arrayContaining([bruno.id]));
    expect(data.datos.perfilPublico[0]).toMatchObject({ userId: ana.id });
  });

  it('holds nothing of another learner and no table keys', async () => {
    const text = JSON.stringify((await call('GET', '/users/me/export', { token: ana.token })).body);
    expect(text).not.toContain(bruno.courseId);
    expect(text).not.toContain(bruno.email);
    expect(text).not.toContain('"Bruno"');
    expect(text).not.toMatch(/"(pk|sk|gsi1pk|gsi2pk)"/);
  });

  it('leaves out an evaluation\'s answer key', async () => {
    await call('POST', '/evaluacion/generate', { token: ana.token, body: { courseId: ana.courseId, moduleId: 'm01' } });
    const { data } = (await call('GET', '/users/me/export', { token: ana.token })).body;
    expect(data.datos.evaluaciones.length).toBeGreaterThan(0);
    for (const evaluation of data.datos.evaluaciones) {
      expect(evaluation).not.toHaveProperty('preguntas');
      expect(evaluation).not.toHaveProperty('variante');
    }
  });
});
