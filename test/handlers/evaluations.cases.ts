import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';

/** A learner's generated course and the public evaluation of its first module. */
async function moduleEvaluation() {
  const { userId } = await learner();
  const { courseId } = await generatedCourse(userId);
  const res = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: 'm01' } });
  return { userId, courseId, res };
}

/** The offline writer's right answer always starts like this. */
const rightOption = (opciones: { opcion: string; texto: string }[]) => opciones.find((o) => o.texto.startsWith('Es el punto central'))!.opcion;

export const cases: GroupCases = {
  'POST /evaluacion/generate': {
    badBody: { body: { courseId: 'c1', moduleId: 'm01', regenerar: 'sí' }, message: 'regenerar debe ser verdadero o falso' },
    success: [
      "answers the module's questions without their correct options",
      async () => {
        const { courseId, res } = await moduleEvaluation();
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { courseId, moduleId: 'm01' } } });
        expect(res.body.data.preguntas.length).toBeGreaterThan(0);
        expect(JSON.stringify(res.body)).not.toMatch(/correcta|explicacion/);
      },
    ],
  },
  'POST /courses/{id}/modules/{moduleId}/evaluation': {
    badBody: { body: { answers: [] }, message: 'Responde al menos una pregunta' },
    success: [
      'grades all-right answers as passed',
      async () => {
        const { userId, courseId, res } = await moduleEvaluation();
        const answers = res.body.data.preguntas.map((p: { preguntaId: string; opciones: { opcion: string; texto: string }[] }) => ({ preguntaId: p.preguntaId, opcion: rightOption(p.opciones) }));
        const graded = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId, params: { id: courseId, moduleId: 'm01' }, body: { answers } });
        expect(graded).toMatchObject({ status: 200, body: { success: true, data: { intento: 1, aprobado: true, correctas: answers.length, total: answers.length } } });
      },
    ],
  },
};
