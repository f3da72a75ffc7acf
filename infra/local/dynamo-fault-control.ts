import type http from 'node:http';
import type { DynamoFaultRule } from './dynamo-faults';

// The local stack's DynamoDB faults, moved by tests and drills through the gateway:
//   GET  /__local/dynamo-faults                    -> { rules, hits }
//   POST /__local/dynamo-faults { "rules": [...] }  replaces the rules ([] turns faults off)
// Rules: infra/local/dynamo-faults.ts (operation, error, after, latencyMs, rate, times).

export interface DynamoFaults {
  set(rules: unknown[]): void;
  rules(): DynamoFaultRule[];
  hits(): Record<string, number>;
}

export function dynamoFaultControl(faults: () => DynamoFaults | undefined) {
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const target = faults();
    if (!target) return void send(res, 503, { message: 'DynamoDB is still starting' });
    if (req.method === 'GET') return void send(res, 200, { rules: target.rules(), hits: target.hits() });
    if (req.method !== 'POST') return void send(res, 405, { message: 'GET or POST' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const { rules } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { rules?: unknown };
      if (!Array.isArray(rules)) throw new Error('Expected { "rules": [ ... ] }');
      target.set(rules);
    } catch (error) {
      return void send(res, 400, { message: (error as Error).message });
    }
    send(res, 200, { rules: target.rules(), hits: target.hits() });
  };
}
