import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { finishedJob, premiumLearner } from '../support/learners';

// The diplomado is premium only: each case starts with a premium learner.
const request = { topic: 'Diseño web', level: 'intermedio', objetivo: 'crear mi portafolio' };

async function plannedDiplomado() {
  const { userId } = await premiumLearner();
  const res = await invoke('POST /diplomado/plan', { userId, body: request });
  if (res.status !== 202) throw new Error(`diplomado plan answered ${res.status}: ${JSON.stringify(res.body)}`);
  const job = (await finishedJob(userId, res.body.jobId)) as { status: string; result?: { diplomadoId: string } };
  if (!job.result) throw new Error(`diplomado job ended ${JSON.stringify(job)}`);
  const { diplomadoId } = job.result;
  const view = await invoke('GET /diplomado/{id}', { userId, params: { id: diplomadoId } });
  return { userId, diplomadoId, cursos: view.body.data.cursos as { titulo: string }[] };
}

export const cases: GroupCases = {
  'POST /diplomado/plan': {
    badBody: { body: { topic: 'D', level: 'intermedio' }, message: 'El tema debe tener al menos 2 caracteres' },
    success: [
      'plans a programme of courses in order, none generated yet',
      async () => {
        const { userId } = await premiumLearner();
        const res = await invoke('POST /diplomado/plan', { userId, body: request });
        expect(res).toMatchObject({ status: 202, body: { success: true, jobId: expect.any(String) } });
        const job = (await finishedJob(userId, res.body.jobId)) as { status: string; result: { kind: string; diplomadoId: string } };
        expect(job).toMatchObject({ status: 'completado', result: { kind: 'diplomado', diplomadoId: expect.any(String) } });
        const view = await invoke('GET /diplomado/{id}', { userId, params: { id: job.result.diplomadoId } });
        expect(view.body.data).toMatchObject({ topic: 'Diseño web', nivel: 'intermedio' });
        expect(view.body.data.cursos.length).toBeGreaterThanOrEqual(3);
        expect(view.body.data.cursos[0]).toMatchObject({ index: 0, estado: 'sin_generar' });
      },
    ],
  },
  'POST /diplomado/course': {
    badBody: { body: { diplomadoId: 'd1', index: 0, todos: true }, message: 'Indica el índice del curso o todos: true, no ambos' },
    success: [
      "generates the programme's first course through the course pipeline",
      async () => {
        const { userId, diplomadoId } = await plannedDiplomado();
        const res = await invoke('POST /diplomado/course', { userId, body: { diplomadoId, index: 0 } });
        expect(res).toMatchObject({ status: 200, body: { success: true, curso: { estado: 'generando' } } });
        expect(await finishedJob(userId, res.body.jobId)).toMatchObject({ status: 'completado' });
      },
    ],
  },
  'GET /diplomado': {
    success: [
      "lists the learner's programmes",
      async () => {
        const { userId, diplomadoId, cursos } = await plannedDiplomado();
        const res = await invoke('GET /diplomado', { userId });
        expect(res).toMatchObject({ status: 200, body: { data: [{ diplomadoId, cursos: cursos.length, generados: 0 }] } });
      },
    ],
  },
  'GET /diplomado/{id}': {
    success: [
      'answers one programme with its courses',
      async () => {
        const { userId, diplomadoId, cursos } = await plannedDiplomado();
        const res = await invoke('GET /diplomado/{id}', { userId, params: { id: diplomadoId } });
        expect(res.status).toBe(200);
        expect(res.body.data.cursos.map((c: { titulo: string }) => c.titulo)).toEqual(cursos.map((c) => c.titulo));
      },
    ],
  },
};
