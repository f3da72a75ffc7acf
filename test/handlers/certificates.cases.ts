import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';
import { finishCourse, viaHandlers } from '../support/certificate-fixture';

/** A learner with a finished (and so certified) course. */
async function certified(nombre = 'Lucía Pérez') {
  const { userId } = await learner(nombre);
  const { courseId } = await generatedCourse(userId);
  const walk = await finishCourse(viaHandlers(userId), courseId);
  return { userId, courseId, certificateId: walk.issued[0].certificateId };
}

export const cases: GroupCases = {
  'GET /certificates': {
    success: [
      "lists the learner's certificate of the course they finished",
      async () => {
        const { userId, courseId, certificateId } = await certified();
        const res = await invoke('GET /certificates', { userId });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: [{ certificateId, tipo: 'curso', sourceId: courseId, estado: 'valido', verificacion: `/certificados/${certificateId}` }] } });
      },
    ],
  },
  'GET /certificates/{id}/pdf': {
    success: [
      'answers the certificate as a PDF (base64) to its owner',
      async () => {
        const { userId, certificateId } = await certified();
        const res = await invoke('GET /certificates/{id}/pdf', { userId, params: { id: certificateId } });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { nombreArchivo: expect.stringMatching(/^certificado-.+\.pdf$/) } } });
        expect(Buffer.from(res.body.data.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      },
    ],
  },
  'GET /certificados/{id}': {
    success: [
      'answers anyone, without signing in, the name, title, date and validity only',
      async () => {
        const { certificateId } = await certified('Ana Torres');
        const res = await invoke('GET /certificados/{id}', { params: { id: certificateId } });
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ certificateId, nombre: 'Ana Torres', titulo: expect.any(String), tipo: 'curso', fecha: expect.any(String), valido: true, estado: 'valido' });
      },
    ],
  },
};
