import { invoke } from '../support/invoke';
import { learner } from '../support/learners';
import { classroom, joined } from './aulas.cases';

// Deleting an account erases what the learner left in aulas, which lives outside their partition
// (issue 25, docs/aulas.md): a member's name and copies leave the teacher's aula and the place is
// given back; a teacher's aulas go with their codes, and their members keep their own courses.

it("a deleted member leaves the teacher's aula: not listed, not counted", async () => {
  const { teacher, codigo, aulaId } = await classroom();
  const ana = await learner('Ana');
  await joined(ana, codigo);
  expect((await invoke('DELETE /users/me', { userId: ana.userId, body: { confirmacion: ana.email } })).status).toBe(200);
  const group = (await invoke('GET /aulas/{id}/grupo', { userId: teacher.userId, params: { id: aulaId } })).body.data;
  expect(group).toMatchObject({ miembros: [], aula: { miembros: 0 } });
  expect(JSON.stringify(group)).not.toContain('Ana');
});

it("a deleted teacher's aulas go with their codes; members keep their copies", async () => {
  const { teacher, codigo, aulaId } = await classroom();
  const ana = await learner('Ana');
  const copy = (await joined(ana, codigo)).cursos[0].miCurso!;
  expect((await invoke('DELETE /users/me', { userId: teacher.userId, body: { confirmacion: teacher.email } })).status).toBe(200);
  expect((await invoke('GET /aulas', { userId: ana.userId })).body.data.comoMiembro).toEqual([]);
  expect((await invoke('GET /aulas/invitacion/{code}', { userId: ana.userId, params: { code: codigo } })).status).toBe(404);
  expect((await invoke('DELETE /aulas/{id}/membership', { userId: ana.userId, params: { id: aulaId } })).status).toBe(404);
  expect((await invoke('GET /courses/{id}', { userId: ana.userId, params: { id: copy } })).status).toBe(200);
});
