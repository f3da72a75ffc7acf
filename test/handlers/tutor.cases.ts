import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';

// The tutor answers through the local model; the offline writer follows the tutor's rules.
export const cases: GroupCases = {
  'POST /ai-tutor/chat': {
    badBody: { body: { courseId: 'c1', message: '' }, message: 'El mensaje es obligatorio' },
    success: [
      'answers a question about the lesson and counts it in the daily quota',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const res = await invoke('POST /ai-tutor/chat', { userId, body: { courseId, moduleId: 'm01', lessonId: 'l01', message: '¿Me das un ejemplo de la idea principal?' } });
        // Whether the offline writer explains or gives hints is the tutor tests' matter (integration).
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { respuesta: expect.any(String), cuota: { plan: 'gratuito', limite: 20, usados: 1, restantes: 19 } } } });
        expect(res.body.data.tipo).not.toBe('fuera_de_tema');
      },
    ],
  },
  'GET /ai-tutor/context/{id}': {
    success: [
      'answers the lesson the learner is on and an empty conversation',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const res = await invoke('GET /ai-tutor/context/{id}', { userId, params: { id: courseId }, query: { moduleId: 'm01', lessonId: 'l02' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { leccionActual: { moduleId: 'm01', lessonId: 'l02' }, historial: [] } } });
      },
    ],
  },
  'DELETE /ai-tutor/context/{id}': {
    success: [
      'clears the conversation with the tutor for the course',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        await invoke('POST /ai-tutor/chat', { userId, body: { courseId, message: '¿Cómo practico los fundamentos del curso?' } });
        const res = await invoke('DELETE /ai-tutor/context/{id}', { userId, params: { id: courseId } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Historial del tutor borrado' } });
        expect((await invoke('GET /ai-tutor/context/{id}', { userId, params: { id: courseId } })).body.data.historial).toEqual([]);
      },
    ],
  },
  'POST /feedback': {
    badBody: { body: { courseId: 'c1', tipo: 'leccion', valoracion: 'positiva' }, message: 'Indica el módulo y la lección que valoras' },
    success: [
      'records a vote on a lesson under the prompt version and model that wrote it',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const res = await invoke('POST /feedback', { userId, body: { courseId, tipo: 'leccion', moduleId: 'm01', lessonId: 'l01', valoracion: 'negativa', motivo: 'Demasiado breve' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Gracias por tu valoración', data: { valoracion: 'negativa', versionPrompt: expect.any(String), modelo: expect.any(String) } } });
      },
    ],
  },
};
