import type { AssignmentRequest } from '../../../../lambdas/contract/aulas';
import { call } from '../../lib/api';

// Every aulas call of the SPA (issue 25, docs/aulas.md), through the route table's client.
export const aulasApi = {
  mine: async () => (await call('GET /aulas', {})).data,
  create: async (nombre: string) => (await call('POST /aulas', { body: { nombre } })).data,
  remove: async (id: string) => (await call('DELETE /aulas/{id}', { params: { id } })).message,
  assign: async (id: string, body: AssignmentRequest) => (await call('PUT /aulas/{id}/asignaciones', { params: { id }, body })).data,
  preview: async (code: string) => (await call('GET /aulas/invitacion/{code}', { params: { code } })).data,
  join: async (codigo: string) => (await call('POST /aulas/join', { body: { codigo } })).data,
  leave: async (id: string) => (await call('DELETE /aulas/{id}/membership', { params: { id } })).message,
  copies: async (id: string) => (await call('POST /aulas/{id}/copias', { params: { id } })).data,
  group: async (id: string) => (await call('GET /aulas/{id}/grupo', { params: { id } })).data,
  /** An LMS course's aula: the scores sent to the LMS (issue 45), and sending a failed one again. */
  lms: async (id: string) => (await call('GET /aulas/{id}/lms', { params: { id } })).data,
  retryLms: async (id: string, nota: string) => (await call('POST /aulas/{id}/lms/reintentar', { params: { id }, body: { nota } })).data,
  /** The LMS course's roster (NRPS; `lms` answers it as last imported): importing it again. */
  importRoster: async (id: string) => {
    const answer = await call('POST /aulas/{id}/lms/miembros', { params: { id } });
    return { data: answer.data, message: answer.message };
  },
  /** The teacher's own courses, to choose what the aula studies. */
  myCourses: async () => (await call('GET /courses/my-courses', {})).data,
};

/** The full join link a teacher sends (the SPA's page for the code). */
export const joinUrl = (enlace: string) => `${window.location.origin}${enlace}`;
