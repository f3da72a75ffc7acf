// Course pipeline budgets (issue 4): with the offline writer at a fixed latency L per model call and a
// 5-module x 4-lesson course, the outline must be visible at about L and the whole course within 4 L;
// every route's DynamoDB round trips (<= 2 on reads, no Scan); tokens per course.
import type { CourseDetail } from '../../lambdas/contract/courses';
import { documentClient } from '../../lambdas/shared/clients';
import { startPipelineHarness } from '../../test/integration/courses/support/pipeline-harness';

const L = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 1000);
const MODULES = 5;
const LESSONS = 4;
process.env.POWERTOOLS_LOG_LEVEL = 'CRITICAL';

async function main() {
  const h = await startPipelineHarness({ latencyMs: L });
  const user = 'bench-learner';
  const counts = new Map<string, number>();
  const rows: string[][] = [];
  let armed = false;

  const timeTo = async (check: () => Promise<boolean>) => {
    for (;;) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  // A first, small course warms the in-process "Lambdas" (module load, SDK clients, connections),
  // as a warm Lambda would be; its time is reported as the cold start.
  const tc = performance.now();
  await h.call(user, 'POST', '/courses/plan', { topic: 'Calentamiento', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  await h.pipeline.sfn.settled();
  const cold = performance.now() - tc;
  const warmCalls = h.pipeline.bedrock.calls();

  // --- timing: outline visible, whole course ---
  const t0 = performance.now();
  const plan = await h.call(user, 'POST', '/courses/plan', { topic: 'Programación en Python', level: 'principiante', modulos: MODULES, leccionesPorModulo: LESSONS });
  const { curso: { courseId }, jobId } = plan.body as { curso: { courseId: string }; jobId: string };
  const tAnswer = performance.now() - t0;
  const detail = async () => ((await h.call(user, 'GET', `/courses/${courseId}`)).body as { data: CourseDetail }).data;
  let tOutline = 0;
  await timeTo(async () => {
    const c = await detail();
    if (!tOutline && c.modulos.length) tOutline = performance.now() - t0;
    return c.estado !== 'generando';
  });
  const tTotal = performance.now() - t0;
  const course = await detail();
  const modelCalls = h.pipeline.bedrock.calls() - warmCalls;
  const sequential = modelCalls * L;

  console.log(`model latency L = ${L} ms; course ${MODULES} modules x ${LESSONS} lessons; state: ${course.estado} (${course.modo})`);
  console.log(`cold start: a 2x2 course took ${cold.toFixed(0)} ms (module load, first connections)`);
  console.log(`plan answered in ${tAnswer.toFixed(0)} ms`);
  console.log(`outline visible at ${tOutline.toFixed(0)} ms = ${(tOutline / L).toFixed(2)} L   (budget ~1 L)`);
  console.log(`whole course in   ${tTotal.toFixed(0)} ms = ${(tTotal / L).toFixed(2)} L   (budget <= 4 L) ${tTotal <= 4 * L ? 'PASS' : 'OVER'}`);
  console.log(`sequential run: ${modelCalls} model calls x L = ${sequential} ms (lower bound) -> pipeline is ${(sequential / tTotal).toFixed(1)}x faster (ratio ${(tTotal / sequential).toFixed(2)})`);
  console.log(`tokens per course: ${course.uso.tokensEntrada} in + ${course.uso.tokensSalida} out = ${course.uso.tokensEntrada + course.uso.tokensSalida} (offline writer estimates 4 chars/token); models: ${course.uso.modelos.join(', ')}`);

  // --- DynamoDB round trips per route, with the pipeline idle ---
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (armed) counts.set(context.commandName ?? '?', (counts.get(context.commandName ?? '?') ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchCountCalls' },
  );
  const measure = async (label: string, method: string, path: string, body?: unknown, read = false) => {
    counts.clear();
    armed = true;
    const res = await h.call(user, method, path, body);
    armed = false;
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const scans = counts.get('ScanCommand') ?? 0;
    const detail = [...counts].map(([c, n]) => `${c.replace('Command', '')}x${n}`).join(' ');
    const verdict = scans ? 'SCAN!' : read && total > 2 ? 'OVER' : 'ok';
    rows.push([label, String(res.status), String(total), detail, read ? '<= 2' : '-', verdict]);
    return res;
  };
  await measure('POST /courses/suggestions (miss)', 'POST', '/courses/suggestions', { topic: 'Ajedrez', level: 'intermedio' });
  await measure('POST /courses/suggestions (cached)', 'POST', '/courses/suggestions', { topic: 'ajedrez ', level: 'intermedio' }, true);
  await measure('GET /courses/{id}', 'GET', `/courses/${courseId}`, undefined, true);
  await measure('GET /courses/my-courses', 'GET', '/courses/my-courses', undefined, true);
  await measure('GET /courses/{id}/progress', 'GET', `/courses/${courseId}/progress`, undefined, true);
  await measure('POST /courses/{id}/progress', 'POST', `/courses/${courseId}/progress`, { moduleId: 'm01', lessonId: 'l01', estado: 'completado' });
  await measure('GET /jobs/{id}', 'GET', `/jobs/${jobId}`, undefined, true);
  const ev = await measure('POST /evaluacion/generate (exists)', 'POST', '/evaluacion/generate', { courseId, moduleId: 'm01' }, true);
  const { preguntas } = (ev.body as { data: { preguntas: { preguntaId: string }[] } }).data;
  const answers = preguntas.map((q) => ({ preguntaId: q.preguntaId, opcion: 'A' }));
  await measure('POST /courses/{id}/modules/{m}/evaluation', 'POST', `/courses/${courseId}/modules/m01/evaluation`, { answers });
  await measure('POST /lesson/generate', 'POST', '/lesson/generate', { courseId, moduleId: 'm01', lessonId: 'l02' });
  await measure('POST /evaluacion/generate (regenerar)', 'POST', '/evaluacion/generate', { courseId, moduleId: 'm02', regenerar: true });
  armed = false;
  counts.clear();
  armed = true;
  const start = await h.call(user, 'POST', '/courses/plan', { topic: 'Otro', level: 'avanzado' });
  armed = false;
  rows.push(['POST /courses/plan', String(start.status), String([...counts.values()].reduce((a, b) => a + b, 0)), [...counts].map(([c, n]) => `${c.replace('Command', '')}x${n}`).join(' '), '-', 'ok']);
  await h.pipeline.sfn.settled();

  console.log('\nDynamoDB calls per request (parallel calls counted each):');
  const widths = [44, 6, 6, 44, 6, 6];
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join(' ');
  console.log(line(['route', 'status', 'calls', 'commands', 'budget', '']));
  rows.forEach((r) => console.log(line(r)));
  await h.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
