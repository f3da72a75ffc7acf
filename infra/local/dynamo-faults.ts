import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from './bedrock-faults';
import { LOCAL_REGION } from './local-aws';

// A fault-injecting proxy in front of DynamoDB Local: chosen operations answer DynamoDB's own
// errors, run slow, or fail AFTER the engine applied them (the write that succeeded but whose
// answer was lost, the hardest case for idempotency). The fault drills (test/integration/drills)
// and `MENTORA_DYNAMO_FAULTS` on `npm start` use it; with no rule it forwards untouched.

export const DYNAMO_ERRORS = {
  InternalServerError: 500,
  ServiceUnavailable: 503,
  ProvisionedThroughputExceededException: 400,
  ThrottlingException: 400,
  RequestLimitExceeded: 400,
} as const;
export type DynamoError = keyof typeof DYNAMO_ERRORS;

export interface DynamoFaultRule {
  /** The operation (`PutItem`, `TransactWriteItems`, …, the X-Amz-Target suffix) or `*`. */
  operation: string;
  /** Answer this error. Without `after`, the engine never sees the request. */
  error?: DynamoError;
  /** Forward first, then answer `error`: the change is applied but the caller is told it failed. */
  after?: boolean;
  /** Delay before forwarding, in ms. */
  latencyMs?: number;
  /** Share of the matching calls hit, in [0, 1]; 1 when omitted. */
  rate?: number;
  /** Hit at most this many calls, then the rule is spent. */
  times?: number;
}

/** Parses MENTORA_DYNAMO_FAULTS: a JSON array of rules. Throws with the reason on anything else. */
export function parseDynamoFaults(spec: string | undefined): DynamoFaultRule[] {
  if (!spec?.trim()) return [];
  let rules: unknown;
  try {
    rules = JSON.parse(spec);
  } catch {
    throw new Error('MENTORA_DYNAMO_FAULTS must be a JSON array, e.g. [{"operation":"PutItem","error":"InternalServerError","rate":0.1}]');
  }
  if (!Array.isArray(rules)) throw new Error('MENTORA_DYNAMO_FAULTS must be a JSON array of rules');
  return rules.map(checkRule);
}

export function checkRule(raw: unknown): DynamoFaultRule {
  const rule = raw as DynamoFaultRule;
  const fraction = (n: unknown) => n === undefined || (typeof n === 'number' && n >= 0 && n <= 1);
  const count = (n: unknown) => n === undefined || (typeof n === 'number' && Number.isInteger(n) && n >= 0);
  if (!rule || typeof rule.operation !== 'string' || !rule.operation) throw new Error('A DynamoDB fault rule needs an operation (or "*")');
  if (rule.error !== undefined && !(rule.error in DYNAMO_ERRORS)) throw new Error(`Unknown DynamoDB error "${rule.error}": one of ${Object.keys(DYNAMO_ERRORS).join(', ')}`);
  if (!fraction(rule.rate) || !count(rule.times) || !count(rule.latencyMs)) throw new Error('rate is in [0, 1]; times and latencyMs are whole numbers ≥ 0');
  if (rule.after && !rule.error) throw new Error('"after" needs an error to answer');
  return { ...rule };
}

const errorBody = (error: DynamoError) =>
  JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${error}`, message: `Injected by the local fault proxy: ${error}` });

/**
 * DynamoDB Local without `-sharedDb` keeps one database per access key and region of the request's
 * signature (it never checks the signature itself). Rewriting the credential scope puts every client
 * of one stack in the database `namespace` names, whatever it signed with: stacks that share one engine
 * (a test run's, dynamo.ts) never see each other's items.
 */
export function inNamespace(authorization: string | undefined, namespace: string): string | undefined {
  return authorization?.replace(/Credential=[^/,\s]+\/([^/,\s]+)\/[^/,\s]+\//, `Credential=${namespace}/$1/${LOCAL_REGION}/`);
}

/**
 * Starts the proxy on a free loopback port; `rules` can be replaced at any time (tests, drills).
 * With `namespace`, every request goes to that database of the engine (inNamespace).
 */
export async function startDynamoFaultProxy(target: string, initial: DynamoFaultRule[] = [], seed = Number(process.env.MENTORA_LLM_SEED) || 1, namespace?: string) {
  let rules = initial.map(checkRule);
  const random = seededRandom(seed);
  const hits: Record<string, number> = {};
  const agent = new http.Agent({ keepAlive: true });
  const upstream = new URL(target);

  const pick = (operation: string) => {
    for (const rule of rules) {
      if (rule.operation !== '*' && rule.operation !== operation) continue;
      if (rule.times === 0) continue;
      if (random() >= (rule.rate ?? 1)) continue;
      if (rule.times !== undefined) rule.times -= 1;
      return rule;
    }
    return undefined;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const operation = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
      const rule = pick(operation);
      if (rule) hits[operation] = (hits[operation] ?? 0) + 1;
      const fail = (error: DynamoError) =>
        res.writeHead(DYNAMO_ERRORS[error], { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-errortype': error }).end(errorBody(error));
      const forward = () => {
        if (rule?.error && !rule.after) return fail(rule.error);
        const headers = namespace ? { ...req.headers, authorization: inNamespace(req.headers.authorization, namespace) } : req.headers;
        const out = http.request(
          { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
          (answer) => {
            if (rule?.error && rule.after) {
              answer.resume();
              return void answer.on('end', () => fail(rule.error!));
            }
            res.writeHead(answer.statusCode ?? 500, answer.headers);
            answer.pipe(res);
          },
        );
        out.on('error', () => fail('InternalServerError'));
        out.end(Buffer.concat(chunks));
      };
      if (rule?.latencyMs) setTimeout(forward, rule.latencyMs);
      else forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Replaces the rules (validated); `[]` turns faults off. */
    setRules: (next: unknown[]) => void (rules = next.map(checkRule)),
    rules: () => rules.map((r) => ({ ...r })),
    /** How many calls each operation had a fault injected into. */
    hits: () => ({ ...hits }),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
