import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stepFunctionsClient } from '../../../lambdas/shared/step-functions';

// StartExecution without the SDK client (bundle size): the SDK's wire format (awsJson1_0, SigV4
// for `states`) and its error names, retried only when retrying can help.

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
  const client = () => stepFunctionsClient({ AWS_ENDPOINT_URL_SFN: url, AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret' });
  const input = { stateMachineArn: 'arn:aws:states:eu-west-1:1:stateMachine:m', name: 'curso-1', input: '{"courseId":"c1"}' };

  it('posts the input as AWSStepFunctions.StartExecution, signed for states in the region', async () => {
    replies = [[200, { executionArn: 'arn:exec', startDate: 1 }]];
    await expect(client().startExecution(input)).resolves.toEqual({ executionArn: 'arn:exec', startDate: 1 });
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
});
