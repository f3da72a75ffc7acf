import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { finishedJob, generatedCourse, learner } from '../support/learners';
import { failedEvaluation } from '../support/review-fixtures';

/** A learner's generated course and the public evaluation of its first module. */
async function moduleEvaluation() {
  const { userId } = await learner();
  const { courseId } = await generatedCourse(userId);
  const res = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: 'm01' } });
  return { userId, courseId, res };
}

type Question = { preguntaId: string; opciones: { opcion: string }[] };

export const cases: GroupCases = {
  'POST /evaluacion/generate': {
    badBody: { body: { courseId: 'c0ffee00-0000-4000-8000-000000000000', moduleId: 'm01', regenerar: 'sí' }, message: 'regenerar debe ser verdadero o falso' },
    success: [
      "answers the module's questions without their correct options; regenerar answers a job, then a new bank",
      async () => {
        const { userId, courseId, res } = await moduleEvaluation();
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { courseId, moduleId: 'm01' } } });
        expect(res.body.data.preguntas.length).toBeGreaterThan(0);
        // The answer key stays on the server until the learner submits.
        expect(JSON.stringify(res.body)).not.toMatch(/"(correcta|opcionCorrecta|explicacion)":/);
        // A new bank is written by a model job: the request does not wait on the model.
        const again = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: 'm01', regenerar: true } });
        expect(again).toMatchObject({ status: 202, body: { success: true, jobId: expect.any(String), data: { estado: 'generando' } } });
        expect(await finishedJob(userId, again.body.jobId)).toMatchObject({ status: 'completado', result: { kind: 'evaluacion', courseId, moduleId: 'm01' } });
        const fresh = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: 'm01' } });
        expect(fresh).toMatchObject({ status: 200, body: { data: { courseId, moduleId: 'm01' } } });
        expect(fresh.body.data.varianteId).not.toBe(res.body.data.varianteId);
      },
    ],
  },
  'POST /courses/{id}/modules/{moduleId}/evaluation': {
    badBody: { body: { answers: [] }, message: 'Responde al menos una pregunta' },
    success: [
      'grades the first attempt question by question',
      async () => {
        const { userId, courseId, res } = await moduleEvaluation();
        const answers = (res.body.data.preguntas as Question[]).map((p) => ({ preguntaId: p.preguntaId, opcion: p.opciones[0].opcion }));
        const graded = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId, params: { id: courseId, moduleId: 'm01' }, body: { answers } });
        expect(graded).toMatchObject({ status: 200, body: { success: true, data: { intento: 1, total: answers.length } } });
        const { resultados, correctas, score } = graded.body.data as { resultados: { preguntaId: string; correcta: boolean }[]; correctas: number; score: number };
        expect(resultados.map((r) => r.preguntaId)).toEqual(answers.map((a) => a.preguntaId));
        expect(correctas).toBe(resultados.filter((r) => r.correcta).length);
        expect(score).toBe(Math.round((100 * correctas) / answers.length));
      },
    ],
  },
  'POST /evaluacion/reportar': {
    badBody: { body: { courseId: 'c0ffee00-0000-4000-8000-000000000000', moduleId: 'm01', preguntaId: 'q1', motivo: 'me_aburre' }, message: 'Elige un motivo de la lista' },
    success: [
      'reports a question the learner was shown once: it leaves their future draws; twice is 409, one never shown 404',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const [shown] = await failedEvaluation(userId, courseId);
        const body = { courseId, moduleId: 'm01', preguntaId: shown, motivo: 'clave_incorrecta', detalle: 'La opción marcada contradice la lección.' };
        const res = await invoke('POST /evaluacion/reportar', { userId, body });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { reportada: true, retirada: true } } });
        expect(await invoke('POST /evaluacion/reportar', { userId, body })).toMatchObject({ status: 409, body: { success: false, message: 'Ya reportaste esta pregunta. Gracias: la estamos revisando.' } });
        const unseen = await invoke('POST /evaluacion/reportar', { userId, body: { ...body, preguntaId: 'qnuncavista' } });
        expect(unseen).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos esa pregunta entre las que has respondido en este módulo.' } });
      },
    ],
  },
};
