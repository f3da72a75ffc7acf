import { randomUUID } from 'node:crypto';
import { describeRoutes } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';
import { NOT_FOUND, answerModule, cases, classroom, joined, setMaxMembers } from './aulas.cases';

// Aulas (issue 25) called in process against the local stack: the attacker first, then each route.

const listOf = async (userId: string) => (await invoke('GET /aulas', { userId })).body.data;

describe('refusals: a clear Spanish 4xx that writes nothing', () => {
  it('a free-plan learner cannot open an aula (402), and has none after', async () => {
    const free = await learner('Gratis');
    const res = await invoke('POST /aulas', { userId: free.userId, body: { nombre: 'Mi clase' } });
    expect(res).toMatchObject({ status: 402, body: { success: false, message: expect.stringContaining('plan premium') } });
    expect(await listOf(free.userId)).toEqual({ comoProfesor: [], comoMiembro: [] });
  });

  it("no one but the teacher reads the group or a member: another learner, a member, a stranger's id all get 404", async () => {
    const { teacher, codigo, aulaId } = await classroom();
    const [ana, beto, eva] = [await learner('Ana'), await learner('Beto'), await learner('Eva')];
    await joined(ana, codigo);
    await joined(beto, codigo);
    for (const who of [ana, eva]) {
      expect(await invoke('GET /aulas/{id}/grupo', { userId: who.userId, params: { id: aulaId } })).toMatchObject(NOT_FOUND);
      expect(await invoke('GET /aulas/{id}/miembros/{userId}', { userId: who.userId, params: { id: aulaId, userId: beto.userId } })).toMatchObject(NOT_FOUND);
      expect(await invoke('PUT /aulas/{id}/asignaciones', { userId: who.userId, params: { id: aulaId }, body: { cursos: [] } })).toMatchObject(NOT_FOUND);
      expect(await invoke('DELETE /aulas/{id}', { userId: who.userId, params: { id: aulaId } })).toMatchObject(NOT_FOUND);
    }
    // A member's own list carries their aula, never another member.
    expect(JSON.stringify(await listOf(ana.userId))).not.toContain(beto.userId);
    // The teacher never reads a learner who is not a member.
    expect((await invoke('GET /aulas/{id}/miembros/{userId}', { userId: teacher.userId, params: { id: aulaId, userId: eva.userId } })).status).toBe(404);
    expect((await invoke('GET /aulas/{id}/grupo', { userId: teacher.userId, params: { id: aulaId } })).body.data.aula.miembros).toBe(2);
  });

  it("a teacher cannot assign another learner's course (404) and the aula stays as it was", async () => {
    const { teacher, aulaId, courseId } = await classroom();
    const other = await learner('Otra');
    const { courseId: theirs } = await generatedCourse(other.userId);
    const res = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId, theirs] } });
    expect(res).toMatchObject({ status: 404, body: { message: 'No encontramos ese curso entre los tuyos.' } });
    expect((await listOf(teacher.userId)).comoProfesor[0].cursos.map((c: { courseId: string }) => c.courseId)).toEqual([courseId]);
  });

  it('a wrong code, the teacher joining their own aula and joining twice are refused', async () => {
    const { teacher, codigo, aulaId } = await classroom();
    const ana = await learner('Ana');
    expect(await invoke('POST /aulas/join', { userId: ana.userId, body: { codigo: 'ZZZZ2222' } }))
      .toMatchObject({ status: 404, body: { message: 'No encontramos ningún aula con ese código. Revisa que esté bien escrito.' } });
    expect(await invoke('POST /aulas/join', { userId: teacher.userId, body: { codigo } }))
      .toMatchObject({ status: 400, body: { message: 'Eres el profesor de esta aula: no puedes unirte a ella como miembro.' } });
    await joined(ana, codigo);
    expect(await invoke('POST /aulas/join', { userId: ana.userId, body: { codigo } })).toMatchObject({ status: 409, body: { message: 'Ya eres miembro de esta aula.' } });
    expect((await listOf(ana.userId)).comoMiembro).toHaveLength(1);
    expect((await invoke('GET /aulas/{id}/grupo', { userId: teacher.userId, params: { id: aulaId } })).body.data.aula.miembros).toBe(1);
  });

  it('a full aula refuses the next learner (409) and counts no one more', async () => {
    const { teacher, codigo, aulaId } = await classroom();
    await setMaxMembers(aulaId, 1);
    await joined(await learner('Ana'), codigo);
    const beto = await learner('Beto');
    expect((await invoke('GET /aulas/invitacion/{code}', { userId: beto.userId, params: { code: codigo } })).body.data.completa).toBe(true);
    expect(await invoke('POST /aulas/join', { userId: beto.userId, body: { codigo } }))
      .toMatchObject({ status: 409, body: { message: 'El aula está completa: ya tiene 1 miembros, el máximo. Pide a tu profesor que libere un lugar.' } });
    expect((await listOf(beto.userId)).comoMiembro).toEqual([]);
    expect((await invoke('GET /aulas/{id}/grupo', { userId: teacher.userId, params: { id: aulaId } })).body.data.miembros).toHaveLength(1);
  });

  it('guessing codes is limited: past 20 lookups in an hour the learner gets 429, even with the right code', async () => {
    const { codigo } = await classroom();
    const userId = randomUUID();
    for (let i = 0; i < 20; i++) expect((await invoke('GET /aulas/invitacion/{code}', { userId, params: { code: 'ZZZZ2222' } })).status).toBe(404);
    expect(await invoke('POST /aulas/join', { userId, body: { codigo } })).toMatchObject({ status: 429, body: { message: expect.stringContaining('demasiados códigos') } });
    expect((await listOf(userId)).comoMiembro).toEqual([]);
  });

  it("after leaving, the teacher's view no longer has the learner and the member's own work stays theirs", async () => {
    const { teacher, codigo, aulaId } = await classroom();
    const ana = await learner('Ana');
    const copy = (await joined(ana, codigo)).cursos[0].miCurso!;
    await answerModule(ana, copy, true);
    expect((await invoke('DELETE /aulas/{id}/membership', { userId: ana.userId, params: { id: aulaId } })).status).toBe(200);
    expect((await invoke('GET /aulas/{id}/miembros/{userId}', { userId: teacher.userId, params: { id: aulaId, userId: ana.userId } })).status).toBe(404);
    expect((await invoke('DELETE /aulas/{id}/membership', { userId: ana.userId, params: { id: aulaId } }))).toMatchObject(NOT_FOUND);
    expect((await invoke('GET /courses/{id}', { userId: ana.userId, params: { id: copy } })).status).toBe(200);
  });
});

describeRoutes(cases);
