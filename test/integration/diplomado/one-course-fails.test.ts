import { BedrockFault } from '../../../infra/local/bedrock-protocol';
import { startPipelineHarness, waitFor } from '../courses/support/pipeline-harness';
import { seedPremiumLearner } from '../payments/support';

// A model that refuses one course's outline: that course ends failed, the others of the same
// diplomado finish, and the programme shows both states.

let harness: Awaited<ReturnType<typeof startPipelineHarness>>;
const FAILING = 'Práctica guiada de';

beforeAll(async () => {
  harness = await startPipelineHarness({
    intercept: async (req, next) => {
      const tool = req.toolConfig?.toolChoice?.tool?.name;
      const text = JSON.stringify(req.messages);
      if (tool === 'registrar_esquema_curso' && text.includes(FAILING)) throw new BedrockFault('ValidationException', 400, 'refused');
      return next();
    },
  });
}, 240_000); // the harness starts DynamoDB Local: a bound, not a pace
afterAll(() => harness.close());

test('one course failing does not stop or break the other courses of the diplomado', async () => {
  const sub = 'learner-diplomado-fails';
  await seedPremiumLearner(harness.dynamoUrl, sub); // the diplomado is premium only
  const plan = await harness.call(sub, 'POST', '/diplomado/plan', { topic: 'Fotografía', level: 'principiante' });
  expect(plan.status).toBe(202);
  const planned = await waitFor(async () => {
    const job = await harness.call(sub, 'GET', `/jobs/${plan.body.jobId}`);
    return job.body.data.status !== 'en_proceso' && job.body.data;
  }, 30000);
  const id = planned.result.diplomadoId;
  const start = await harness.call(sub, 'POST', '/diplomado/course', { diplomadoId: id, todos: true });
  expect(start.status).toBe(200);
  expect(start.body.data.cursos.every((c: any) => c.curso?.courseId)).toBe(true);
  const view = await waitFor(async () => {
    const res = await harness.call(sub, 'GET', `/diplomado/${id}`);
    return res.body.data.cursos.every((c: any) => c.estado !== 'generando') && res.body.data;
    // Several whole courses at once: 28 s alone, past 60 s on two busy cores (a CI dry run).
  }, 150000);
  const failing = view.cursos.findIndex((c: any) => c.titulo.startsWith(FAILING));
  expect(failing).toBeGreaterThan(-1);
  view.cursos.forEach((c: any, i: number) => expect(c.estado).toBe(i === failing ? 'error' : 'listo'));
  expect(view.cursos[failing].error).toEqual(expect.any(String));
}, 200000);
