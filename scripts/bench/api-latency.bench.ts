// Issue 11: no API request waits on a model. With every model call taking MENTORA_LLM_LATENCY_MS
// (default 30000; e.g. `MENTORA_LLM_LATENCY_MS=5000 npm run bench api-latency`; `model` paces each
// call by the model table, and MENTORA_LLM_FAULTS adds faults), a learner
// generates a course, regenerates a lesson and an evaluation, plans a diplomado (premium) and asks
// for suggestions; every API request's duration is recorded and none may take more than 3 s.
// The tutor's chat is not here: it streams (its first words are measured on their own).
import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';
import { startLocalStack } from '../../infra/local/stack';
import { documentClient } from '../../lambdas/shared/clients';

quietAwsSdk();
const REALISTIC = process.env.MENTORA_LLM_LATENCY_MS?.trim() === 'model';
const LATENCY_MS = Number(process.env.MENTORA_LLM_LATENCY_MS) || 30000;
const BUDGET_MS = 3000;
const timings: { request: string; ms: number; status: number }[] = [];

/** The fields of the answers this walk reads. */
interface Answer {
  jobId: string;
  curso: { courseId: string };
  user: { id: string };
  sessionid?: string;
  tokens: { accessToken: string };
  data: { status: string; error?: string };
}

async function main() {
  const stack = await startLocalStack({ port: 0, web: 'none', pipeline: REALISTIC ? { timing: 'model' } : { latencyMs: LATENCY_MS } });
  let token = '';
  const call = async (method: string, path: string, body?: unknown, record = true): Promise<Answer> => {
    const t = performance.now();
    const res = await fetch(`${stack.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as Answer;
    if (record) timings.push({ request: `${method} ${path.replace(/[0-9a-f-]{36}/g, '{id}')}`, ms: performance.now() - t, status: res.status });
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  /** Follows a job through GET /jobs/{id}, each poll a timed request too. */
  const job = async (jobId: string) => {
    const t = performance.now();
    for (;;) {
      const { data } = await call('GET', `/jobs/${jobId}`);
      if (data.status === 'completado') return { data, seconds: (performance.now() - t) / 1000 };
      if (data.status === 'error') throw new Error(`job ${jobId} failed: ${data.error}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  };

  const email = `bench.${Date.now()}@example.com`;
  const reg = await call('POST', '/auth/register', { email, password: 'Aprender2025', nombre: 'Bench' });
  const [mail] = stack.mailbox.list(email);
  token = (await call('POST', '/auth/confirm', { username: reg.user.id, code: mail.code, email, sessionId: reg.sessionid })).tokens.accessToken;
  // Premium (the diplomado needs it), as a verified Stripe event would leave the profile.
  await documentClient().send(new UpdateCommand({ TableName: stack.env.TABLE_NAME, Key: { pk: `USER#${reg.user.id}`, sk: 'PROFILE' }, UpdateExpression: 'SET #p = :p', ExpressionAttributeNames: { '#p': 'plan' }, ExpressionAttributeValues: { ':p': { nombre: 'premium' } } }));

  const steps: [string, number][] = [];
  const plan = await call('POST', '/courses/plan', { topic: 'Astronomía para curiosos', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  steps.push(['course 2 × 2', (await job(plan.jobId)).seconds]);
  const courseId = plan.curso.courseId;
  steps.push(['lesson regeneration', (await job((await call('POST', '/lesson/generate', { courseId, moduleId: 'm01', lessonId: 'l01' })).jobId)).seconds]);
  await call('POST', '/evaluacion/generate', { courseId, moduleId: 'm01' });
  steps.push(['evaluation regeneration', (await job((await call('POST', '/evaluacion/generate', { courseId, moduleId: 'm01', regenerar: true })).jobId)).seconds]);
  await call('POST', '/evaluacion/generate', { courseId, moduleId: 'm01' });
  steps.push(['diplomado plan', (await job((await call('POST', '/diplomado/plan', { topic: 'Astronomía', level: 'intermedio' })).jobId)).seconds]);
  const suggestions = await call('POST', '/courses/suggestions', { topic: `Astronomía ${Date.now()}`, level: 'principiante' });
  steps.push(['suggestions (cache miss)', (await job(suggestions.jobId)).seconds]);
  await stack.stop();

  timings.sort((a, b) => b.ms - a.ms);
  console.log(`model latency per call: ${REALISTIC ? 'the model table' : `${LATENCY_MS} ms`}; faults: ${process.env.MENTORA_LLM_FAULTS || 'none'}; ${timings.length} API requests`);
  for (const [what, s] of steps) console.log(`  ${what.padEnd(26)} done in ${s.toFixed(1)} s (followed by polling)`);
  const slowest = timings[0];
  console.log(`slowest API request: ${slowest.request} ${slowest.ms.toFixed(0)} ms (${slowest.status})  budget ${BUDGET_MS} ms: ${slowest.ms <= BUDGET_MS ? 'PASS' : 'OVER'}`);
  const over = timings.filter((t) => t.ms > BUDGET_MS);
  if (over.length) throw new Error(`requests over ${BUDGET_MS} ms: ${over.map((t) => `${t.request} ${t.ms.toFixed(0)} ms`).join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
