import { signRequest, signingEnv } from '../shared/sigv4';

// Step Functions' callback pattern, answered from the API: SendTaskSuccess hands the waiting
// state (OutlineReview, a `.waitForTaskToken` task) its output. One signed JSON POST, as
// lambdas/shared/step-functions.ts does for StartExecution (no SDK client in the bundle).

export interface TaskCallback {
  /** Resumes the waiting execution with `output`; throws an error named as AWS names it (TaskTimedOut, TaskDoesNotExist, InvalidToken…). */
  success(token: string, output: unknown): Promise<void>;
}

export function stepFunctionsCallback(env: NodeJS.ProcessEnv = process.env): TaskCallback {
  const signing = signingEnv(env);
  const endpoint = new URL(env.AWS_ENDPOINT_URL_SFN ?? env.AWS_ENDPOINT_URL ?? `https://states.${signing.region}.amazonaws.com`);
  return {
    async success(taskToken, output) {
      const body = JSON.stringify({ taskToken, output: JSON.stringify(output) });
      const headers = signRequest(
        { method: 'POST', host: endpoint.host, path: endpoint.pathname, headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AWSStepFunctions.SendTaskSuccess' }, body },
        signing,
        'states',
      );
      delete headers.host;
      const response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      if (response.ok) return;
      const parsed = (await response.json().catch(() => ({}))) as { __type?: string; message?: string; Message?: string };
      const name = (response.headers.get('x-amzn-errortype') ?? parsed.__type ?? 'InternalServerError').split(':')[0].split('#').pop()!;
      throw Object.assign(new Error(parsed.message ?? parsed.Message ?? `HTTP ${response.status}`), { name });
    },
  };
}
