import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../lambdas/shared/clients';
import { startPipelineHarness, waitFor } from '../courses/support/pipeline-harness';

// Issue 25: a copy of a shared course is made without any model call. The course backend on the
// local Bedrock (pipeline harness), whose call counter is read before and after: sharing, reading
// the shared page and copying it leave it where it was.

let h: Awaited<ReturnType<typeof startPipelineHarness>>;
beforeAll(async () => (h = await startPipelineHarness()), 240_000);
afterAll(() => h.close());

it('sharing, reading and copying a course call no model', async () => {
  const owner = 'u-share-owner';
  const reader = 'u-share-reader';
  const plan = await h.call(owner, 'POST', '/courses/plan', { topic: 'Fotografía nocturna', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  expect(plan.status).toBe(200);
  const { courseId } = (plan.body as { curso: { courseId: string } }).curso;
  const jobId = (plan.body as { jobId: string }).jobId;
  await waitFor(async () => (await h.call(owner, 'GET', `/jobs/${jobId}`)).body.data.status === 'completado', 60_000);
  // The copier's profile, as confirming the sign-up leaves it (a copy is written only into an existing account).
  await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { pk: `USER#${reader}`, sk: 'PROFILE', id: reader, nombre: 'Rita', plan: { nombre: 'gratuito' } } }));

  const before = h.pipeline.bedrock.calls();
  expect(before).toBeGreaterThan(0);
  const shared = await h.call(owner, 'POST', `/courses/${courseId}/share`);
  expect(shared.status).toBe(200);
  const { shareId } = (shared.body as { data: { shareId: string } }).data;
  expect((await h.call(reader, 'GET', `/compartidos/${shareId}`)).status).toBe(200);
  const copy = await h.call(reader, 'POST', `/compartidos/${shareId}/copy`);
  expect(copy).toMatchObject({ status: 201, body: { curso: { estado: 'listo' } } });
  const copyId = (copy.body as { curso: { courseId: string } }).curso.courseId;
  expect((await h.call(reader, 'GET', `/courses/${copyId}`)).body.data.estado).toBe('listo');
  expect(h.pipeline.bedrock.calls()).toBe(before);
}, 120_000);
