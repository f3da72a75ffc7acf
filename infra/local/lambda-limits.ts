import { randomUUID } from 'node:crypto';
import type { RouteGroup } from '../../lambdas/contract';
import type { HttpEvent, HttpResult } from '../../lambdas/shared/http';
import {
  API_FUNCTION_LIMITS,
  HTTP_API_INTEGRATION_FAILURE_RESPONSE,
  HTTP_API_INTEGRATION_TIMEOUT_SECONDS,
  HTTP_API_TIMEOUT_RESPONSE,
} from '../function-limits';

// How the local gateway runs a handler the way HTTP API and Lambda would: under the function's
// timeout and the gateway's 30 s, both from infra/function-limits.ts (what the CDK deploys).

/** The part of Lambda's context handlers may read: how long the invocation has left. */
export interface LocalLambdaContext {
  functionName: string;
  awsRequestId: string;
  getRemainingTimeInMillis(): number;
}

export type LocalHandler = (event: HttpEvent, context: LocalLambdaContext) => Promise<HttpResult>;

export interface GatewayLimits {
  /** When the gateway stops waiting and answers 503 itself (HTTP API: 30 s). */
  integrationTimeoutMs: number;
  /** When a group's invocation is killed and counts as failed (the function's timeout). */
  functionTimeoutMs: (group: RouteGroup) => number;
}

/** What AWS enforces, from the shared definition. Tests inject smaller numbers. */
export const AWS_GATEWAY_LIMITS: GatewayLimits = {
  integrationTimeoutMs: HTTP_API_INTEGRATION_TIMEOUT_SECONDS * 1000,
  functionTimeoutMs: (group) => API_FUNCTION_LIMITS[group].timeoutSeconds * 1000,
};

const gatewayAnswer = ({ status, body }: { status: number; body: unknown }): HttpResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Invokes `handler` and answers what the client of HTTP API would get: the handler's result; 500
 * when the invocation fails (it throws, or runs past the function's timeout); 503 when the gateway's
 * own limit comes first. A handler in this process cannot be killed: past its timeout it runs on,
 * its result discarded, as a frozen Lambda sandbox's would be.
 */
export async function invokeWithinLimits(handler: LocalHandler, group: RouteGroup, event: HttpEvent, limits: GatewayLimits): Promise<HttpResult> {
  const functionMs = limits.functionTimeoutMs(group);
  const started = Date.now();
  const context: LocalLambdaContext = {
    functionName: `mentora-local-${group}`,
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => Math.max(0, started + functionMs - Date.now()),
  };
  const timers: NodeJS.Timeout[] = [];
  const after = (ms: number, result: HttpResult) => new Promise<HttpResult>((resolve) => timers.push(setTimeout(() => resolve(result), ms)));
  try {
    return await Promise.race([
      handler(event, context).catch((error: unknown) => {
        console.error(`[gateway] ${group} failed`, error);
        return gatewayAnswer(HTTP_API_INTEGRATION_FAILURE_RESPONSE);
      }),
      after(functionMs, gatewayAnswer(HTTP_API_INTEGRATION_FAILURE_RESPONSE)),
      after(limits.integrationTimeoutMs, gatewayAnswer(HTTP_API_TIMEOUT_RESPONSE)),
    ]);
  } finally {
    timers.forEach(clearTimeout);
  }
}
