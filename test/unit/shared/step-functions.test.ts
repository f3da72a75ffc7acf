import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SFNClient } from '@aws-sdk/client-sfn';
import { stepFunctionsCallback } from '../../../lambdas/courses/task-callback';
import { stepFunctionsClient } from '../../../lambdas/shared/step-functions';

// StartExecution and SendTaskSuccess through AWS's own client: the wire format (awsJson1_0, SigV4
// for `states`), the service's error names, and the SDK's standard retry (throttles and 5xx only).

describe('Step Functions StartExecution', () => {
  let server: http.Server;
  let url = '';
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let replies: [number, unknown][] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        const [status, reply] = replies.shift() ?? [500, {}];
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen.length = 0));
  const sfn = () => new SFNClient({ endpoint: url, region: 'eu-west-1', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' } });
  const client = () => stepFunctionsClient(sfn());
  const input = { stateMachineArn: 'arn:aws:states:eu-west-1:1:stateMachine:m', name: 'curso-1', input: '{"courseId":"c1"}' };

  it('posts the input as AWSStepFunctions.StartExecution, signed for states in the region', async () => {
    replies = [[200, { executionArn: 'arn:exec', startDate: 1 }]];
    await expect(client().startExecution(input)).resolves.toMatchObject({ executionArn: 'arn:exec', startDate: new Date(1000) });
    expect(seen[0].headers['x-amz-target']).toBe('AWSStepFunctions.StartExecution');
    expect(seen[0].headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(seen[0].headers.authorization).toMatch(/Credential=AKID\/\d{8}\/eu-west-1\/states\/aws4_request/);
    expect(JSON.parse(seen[0].body)).toEqual(input);
  });

  it('fails with the service exception name, without retrying a client error', async () => {
    replies = [[400, { __type: 'com.amazonaws.swf.service.v2.model#ExecutionAlreadyExists', message: 'Execution Already Exists' }]];
    await expect(client().startExecution(input)).rejects.toMatchObject({ name: 'ExecutionAlreadyExists', $metadata: { httpStatusCode: 400 } });
    expect(seen).toHaveLength(1);
  });

  it('retries a throttled or failing service, the same execution name each time', async () => {
    replies = [[400, { __type: 'ThrottlingException' }], [503, {}], [200, { executionArn: 'arn:exec', startDate: 1 }]];
    await expect(client().startExecution(input)).resolves.toMatchObject({ executionArn: 'arn:exec' });
    expect(seen.map((s) => JSON.parse(s.body).name)).toEqual(['curso-1', 'curso-1', 'curso-1']);
  });

  it('answers a waiting task with SendTaskSuccess and its output as JSON text', async () => {
    replies = [[200, {}]];
    await stepFunctionsCallback(sfn()).success('token-1', { aprobado: true });
    expect(seen[0].headers['x-amz-target']).toBe('AWSStepFunctions.SendTaskSuccess');
    expect(JSON.parse(seen[0].body)).toEqual({ taskToken: 'token-1', output: '{"aprobado":true}' });
  });

  it('names a spent token as AWS does (TaskTimedOut), without retrying it', async () => {
    replies = [[400, { __type: 'com.amazonaws.swf.service.v2.model#TaskTimedOut', message: 'Task Timed Out' }]];
    await expect(stepFunctionsCallback(sfn()).success('token-1', {})).rejects.toMatchObject({ name: 'TaskTimedOut' });
    expect(seen).toHaveLength(1);
  });
});
