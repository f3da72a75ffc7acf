import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrl, call, type Answer } from '../support/api';
import type { DynamoFaultRule } from '../../../infra/local/dynamo-faults';

// The fault drills' tools: DynamoDB faults on the stack's proxy, a client that retries as the
// SPA does (SPEC §9: 5xx and 429, 3 attempts), and the check that no 5xx leaves a learner without
// a Spanish explanation.

export async function dynamoFaults(rules: DynamoFaultRule[]) {
  const res = await fetch(`${baseUrl()}/__local/dynamo-faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }) });
  if (res.status !== 200) throw new Error(`/__local/dynamo-faults answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { hits: Record<string, number> };
}

export async function faultHits(): Promise<Record<string, number>> {
  return ((await (await fetch(`${baseUrl()}/__local/dynamo-faults`)).json()) as { hits: Record<string, number> }).hits;
}

/** Every answer a drill saw, to check after the storm. */
export const seen: Answer[] = [];

/** SPEC §9's client: retries 429 and 5xx up to 3 attempts in all (no backoff needed on loopback). */
export async function retrying(method: string, path: string, opts: Parameters<typeof call>[2] = {}): Promise<Answer> {
  let answer!: Answer;
  for (let attempt = 1; attempt <= 3; attempt++) {
    answer = await call(method, path, opts);
    seen.push(answer);
    if (answer.status !== 429 && answer.status < 500) return answer;
  }
  return answer;
}

/**
 * Every message the Lambdas can answer, word for word: the quoted strings of lambdas/ (house rule:
 * every one a learner reads is Spanish). A 5xx explains itself only with one of them, so API
 * Gateway's "Internal Server Error", a stack trace or any text the Lambdas never wrote fails; a
 * regex on accents or on "error" let English through, and franc-min (lambdas/shared/ai/text-checks.ts)
 * needs more than a sentence: it calls "No pudimos guardar tu progreso. Inténtalo de nuevo." Portuguese.
 */
let messages: Set<string> | undefined;
function serverMessages(): Set<string> {
  const root = join(__dirname, '..', '..', '..', 'lambdas');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  // Comments out first: an apostrophe in one ("the route's schema") would pair the quotes after it wrongly.
  const code = (f: string) => readFileSync(join(root, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  return (messages ??= new Set(files.flatMap((f) => [...code(f).matchAll(/'((?:[^'\\\n]|\\.)+)'|`([^`$]+)`/g)].map((m) => m[1] ?? m[2]))));
}
/** The 5xx answers whose body does not explain, in Spanish, what happened. */
export const unexplained5xx = () =>
  seen.filter((a) => a.status >= 500 && !(typeof a.body?.message === 'string' && serverMessages().has(a.body.message as string)));

export async function sweepNow(): Promise<{ swept: number }> {
  const res = await fetch(`${baseUrl()}/__local/sweep`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`/__local/sweep answered ${res.status}`);
  return (await res.json()) as { swept: number };
}
