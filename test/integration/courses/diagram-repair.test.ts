import type { ConverseReply, ConverseRequest } from '../../../infra/local/bedrock-protocol';
import { resetContentFaults } from '../../../infra/local/showcase/content-faults';
import { diagramBlocks } from '../../../lambdas/shared/ai/lesson-diagrams';
import { startPipelineHarness, waitFor } from './support/pipeline-harness';

// Issue 43 item 3, end to end through the pipeline (the real state machine runner, handlers,
// DynamoDB Local and the local Bedrock's offline writer): the "diagrama roto" fault
// (MENTORA_CONTENT_FAULTS, showcase/content-faults.ts) breaks every lesson's diagram. With
// `diagrama_roto` the repair turn fixes it and the lesson keeps it; with `diagrama_irreparable` the
// repair answers it broken again and it is dropped. Either way no stored lesson holds a broken block,
// and the course's usage counts every call the local Bedrock answered, the repair turns included.

const toolOf = (req: ConverseRequest) => req.toolConfig?.toolChoice?.tool?.name ?? '';
/** Every reply the local Bedrock gave, with its tool and whether it named the topic. */
const replies: { text: string; tool: string; usage: ConverseReply['usage'] }[] = [];

let h: Awaited<ReturnType<typeof startPipelineHarness>>;
beforeAll(async () => {
  h = await startPipelineHarness({
    intercept: async (req, next) => {
      const reply = await next();
      replies.push({ text: JSON.stringify(req.messages), tool: toolOf(req), usage: reply.usage });
      return reply;
    },
  });
}, 240_000); // the harness starts DynamoDB Local: a bound, not a pace
afterAll(async () => {
  delete process.env.MENTORA_CONTENT_FAULTS;
  await h.close();
});

/** A 2 × 2 course on `topic` (lower case: the lesson titles, and so the repair's data, carry it) written under `fault`. */
async function generate(sub: string, topic: string, fault: string) {
  process.env.MENTORA_CONTENT_FAULTS = fault;
  resetContentFaults();
  try {
    const res = await h.call(sub, 'POST', '/courses/plan', { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
    expect(res.status).toBe(200);
    const job = await waitFor(async () => {
      const j = (await h.call(sub, 'GET', `/jobs/${res.body.jobId}`)).body.data;
      return j.status !== 'en_proceso' && j;
    });
    expect(job).toMatchObject({ status: 'completado' });
    return (await h.call(sub, 'GET', `/courses/${res.body.curso.courseId}`)).body.data;
  } finally {
    delete process.env.MENTORA_CONTENT_FAULTS;
  }
}

const lessonsOf = (course: any): string[] => course.modulos.flatMap((m: any) => m.lecciones.map((l: any) => l.contenido as string));
const callsOn = (topic: string) => replies.filter((r) => r.text.includes(topic));
/** Usage as the course meters it: every input token, cached ones included (structured-output.ts). */
const sum = (rs: typeof replies) => ({
  tokensEntrada: rs.reduce((n, r) => n + r.usage.inputTokens + (r.usage.cacheReadInputTokens ?? 0) + (r.usage.cacheWriteInputTokens ?? 0), 0),
  tokensSalida: rs.reduce((n, r) => n + r.usage.outputTokens, 0),
});

it('diagrama_roto: each broken diagram is repaired once and kept; the repair turns are metered on the course', async () => {
  const topic = 'huertos en balcones';
  const course = await generate('u-roto', topic, 'diagrama_roto');
  const lessons = lessonsOf(course);
  expect(lessons).toHaveLength(4);
  for (const md of lessons) expect(diagramBlocks(md).map((b) => b.problems)).toEqual([[]]);
  const calls = callsOn(topic);
  expect(calls.filter((c) => c.tool === 'corregir_diagramas')).toHaveLength(4);
  expect(course.uso).toMatchObject(sum(calls));
  expect(sum(calls.filter((c) => c.tool === 'corregir_diagramas')).tokensSalida).toBeGreaterThan(0);
});

it('diagrama_irreparable: still broken after its one repair turn, each diagram is dropped and the lesson stored without it', async () => {
  const topic = 'cerámica de torno';
  const course = await generate('u-irreparable', topic, 'diagrama_irreparable');
  const lessons = lessonsOf(course);
  expect(lessons).toHaveLength(4);
  for (const md of lessons) {
    expect(diagramBlocks(md)).toEqual([]);
    expect(md).toMatch(/^### Objetivos de la lección[\s\S]*### Resumen/);
  }
  const calls = callsOn(topic);
  expect(calls.filter((c) => c.tool === 'corregir_diagramas')).toHaveLength(4);
  expect(course.uso).toMatchObject(sum(calls));
});
