// Local stack ready time and `/users/me` latency on it (issue 2 budgets; reported, not asserted).
import { performance } from 'node:perf_hooks';
import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';
import { startLocalStack } from '../../infra/local/stack';

quietAwsSdk();
const REQUESTS = 500;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const t0 = performance.now();
  const stack = await startLocalStack({ port: 0, web: 'none' });
  const ready = performance.now() - t0;

  const post = <T>(path: string, body: unknown) =>
    fetch(`${stack.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<T>);
  const email = `bench.${Date.now()}@example.com`;
  const reg = await post<{ user: { id: string }; sessionid?: string }>('/auth/register', { email, password: 'Aprender2025', nombre: 'Bench' });
  const [mail] = stack.mailbox.list(email);
  const conf = await post<{ tokens: { accessToken: string } }>('/auth/confirm', { username: reg.user.id, code: mail.code, email, sessionId: reg.sessionid });
  const headers = { authorization: `Bearer ${conf.tokens.accessToken}` };

  // Warm up the handler's module and connections, as a warm Lambda would be.
  for (let i = 0; i < 20; i++) await fetch(`${stack.url}/api/users/me`, { headers }).then((r) => r.text());
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(`${stack.url}/api/users/me`, { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`/users/me answered ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  await stack.stop();

  console.log(`local stack ready (in memory, no web): ${ready.toFixed(0)} ms  (budget 15000 ms: ${ready < 15000 ? 'PASS' : 'OVER'})`);
  console.log(`GET /users/me over ${REQUESTS} sequential requests (authorizer + Lambda + 1 DynamoDB GetItem):`);
  console.log(`  p50 ${pct(times, 50).toFixed(2)} ms   p99 ${pct(times, 99).toFixed(2)} ms   max ${times[times.length - 1].toFixed(2)} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
