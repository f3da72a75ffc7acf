import { signRequest, signingEnv } from './sigv4';

// Step Functions StartExecution without the SDK client: one JSON POST (awsJson1_0), signed with
// SigV4. `@aws-sdk/client-sfn` adds 22 KB of schemas and error classes to the courses and
// diplomado bundles for this single call. Endpoint, region and keys come from the SDK's standard
// variables (AWS_ENDPOINT_URL_SFN on the local stack). Errors carry the SDK's names and $metadata.

export interface StartExecutionInput {
  stateMachineArn: string;
  name: string;
  input: string;
}

export interface StepFunctionsClient {
  startExecution(input: StartExecutionInput): Promise<{ executionArn: string; startDate: number }>;
}

const ATTEMPTS = 3;
const retryable = (status: number, name: string) => status >= 500 || status === 429 || /Throttl|TooManyRequests/.test(name);

export function stepFunctionsClient(env: NodeJS.ProcessEnv = process.env): StepFunctionsClient {
  const signing = signingEnv(env);
  const endpoint = new URL(env.AWS_ENDPOINT_URL_SFN ?? env.AWS_ENDPOINT_URL ?? `https://states.${signing.region}.amazonaws.com`);
  return {
    // A STANDARD execution's name is unique: retrying the same name and input never starts two.
    async startExecution(input) {
      const body = JSON.stringify(input);
      for (let attempt = 1; ; attempt++) {
        const headers = signRequest(
          { method: 'POST', host: endpoint.host, path: endpoint.pathname, headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AWSStepFunctions.StartExecution' }, body },
          signing,
          'states',
        );
        delete headers.host;
        let response: Response;
        try {
          response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
        } catch (error) {
          if (attempt < ATTEMPTS) { await backoff(attempt); continue; }
          throw error;
        }
        const text = await response.text();
        if (response.ok) return JSON.parse(text) as { executionArn: string; startDate: number };
        const parsed = (() => { try { return JSON.parse(text) as { __type?: string; message?: string; Message?: string }; } catch { return {}; } })();
        const name = (response.headers.get('x-amzn-errortype') ?? parsed.__type ?? 'InternalServerError').split(':')[0].split('#').pop()!;
        if (retryable(response.status, name) && attempt < ATTEMPTS) { await backoff(attempt); continue; }
        throw Object.assign(new Error(parsed.message ?? parsed.Message ?? `HTTP ${response.status}`), {
          name,
          $fault: response.status >= 500 ? 'server' : 'client',
          $metadata: { httpStatusCode: response.status, requestId: response.headers.get('x-amzn-requestid') ?? undefined },
        });
      }
    },
  };
}

/** The SDK's standard retry pacing: full jitter on 100 ms doubling. */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
