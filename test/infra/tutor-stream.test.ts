import { STREAM_FUNCTION_LIMITS } from '../../infra/function-limits';
import { resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';

// The tutor's chat streams on AWS: a Function URL in RESPONSE_STREAM mode, reachable only through
// this site's CloudFront distribution (origin access control for Lambda), at /api/ai-tutor/chat.

describe('the tutor stream', () => {
  let json: CfnTemplate;
  beforeAll(() => {
    json = templatesOf({ stage: 'dev' }).json;
  });
  const distribution = () => resourcesOfType(json, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;

  it('is a Function URL that streams and requires SigV4 (AWS_IAM), on the stream handler with its own timeout', () => {
    const urls = resourcesOfType(json, 'AWS::Lambda::Url');
    expect(urls).toHaveLength(1);
    expect(urls[0][1].Properties).toMatchObject({ AuthType: 'AWS_IAM', InvokeMode: 'RESPONSE_STREAM' });
    const target = urls[0][1].Properties.TargetFunctionArn['Fn::GetAtt'][0];
    const fn = resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) => id === target)![1];
    expect(fn.Properties.Environment.Variables).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'tutor-stream', COGNITO_ISSUER: expect.anything() });
    expect(fn.Properties.Timeout).toBe(STREAM_FUNCTION_LIMITS.tutor!.timeoutSeconds);
  });

  it('is served at /api/ai-tutor/chat, ahead of /api/*, uncached, through an origin access control for Lambda', () => {
    const config = distribution();
    const paths = config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    expect(paths.indexOf('/api/ai-tutor/chat')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/api/ai-tutor/chat')).toBeLessThan(paths.indexOf('/api/*'));
    const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/ai-tutor/chat');
    expect(behavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(behavior.AllowedMethods).toContain('POST');
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
    const oacId = origin.OriginAccessControlId['Fn::GetAtt'][0];
    expect(resourcesOfType(json, 'AWS::CloudFront::OriginAccessControl').find(([id]) => id === oacId)![1].Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 'lambda',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
  });

  it('forwards the learner token in its own header and the payload hash OAC signs, never Host', () => {
    const behavior = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/ai-tutor/chat');
    const policyId = behavior.OriginRequestPolicyId.Ref;
    const policy = resourcesOfType(json, 'AWS::CloudFront::OriginRequestPolicy').find(([id]) => id === policyId)![1].Properties.OriginRequestPolicyConfig;
    expect(policy.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect(policy.HeadersConfig.Headers).toEqual(expect.arrayContaining(['x-mentora-authorization', 'x-amz-content-sha256', 'accept', 'content-type']));
    expect(policy.HeadersConfig.Headers).not.toContain('host');
  });

  it('lets only this distribution invoke the URL (lambda:InvokeFunctionUrl scoped by SourceArn)', () => {
    const permissions = resourcesOfType(json, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Action === 'lambda:InvokeFunctionUrl');
    expect(permissions).toHaveLength(1);
    const [, p] = permissions[0];
    expect(p.Properties.Principal).toBe('cloudfront.amazonaws.com');
    const [distributionId] = resourcesOfType(json, 'AWS::CloudFront::Distribution')[0];
    expect(JSON.stringify(p.Properties.SourceArn)).toContain(distributionId);
  });
});

// Issue 23: a Cognito admin call at every cold start hits the pool's small rate limit on a deploy or a
// spike (401s). On the site's own domain the client id is known at deploy time; on the distribution's
// own name it cannot be, so there the function still reads it once per cold start: the synth's own
// template validation refuses the cycle (client -> distribution -> Function URL -> function -> client).
describe('the tutor stream app client id', () => {
  const streamFunction = (json: CfnTemplate) => {
    const target = resourcesOfType(json, 'AWS::Lambda::Url')[0][1].Properties.TargetFunctionArn['Fn::GetAtt'][0] as string;
    return { id: target, fn: resourcesOfType(json, 'AWS::Lambda::Function').find(([id]) => id === target)![1] };
  };
  const policyActions = (json: CfnTemplate, fnId: string) => {
    const role = streamFunction(json).fn.Properties.Role['Fn::GetAtt'][0] as string;
    const policies = resourcesOfType(json, 'AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role));
    expect(fnId).toBeTruthy();
    return JSON.stringify(policies.map(([, p]) => p.Properties.PolicyDocument));
  };
  it('is an environment variable on the site\'s own domain: the web client, no Cognito grant', () => {
    const { json } = templatesOf({ stage: 'dev', siteDomain: 'app.mentora.example', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555' });
    const { id, fn } = streamFunction(json);
    const [clientId] = resourcesOfType(json, 'AWS::Cognito::UserPoolClient')[0];
    expect(fn.Properties.Environment.Variables.USER_POOL_CLIENT_ID).toEqual({ Ref: clientId });
    expect(policyActions(json, id)).not.toContain('cognito-idp:');
  });

  it('is read from Cognito at cold start on the distribution\'s own name, where a variable would close a cycle', () => {
    const { json } = templatesOf({ stage: 'dev' });
    const { id, fn } = streamFunction(json);
    expect(fn.Properties.Environment.Variables.USER_POOL_CLIENT_ID).toBeUndefined();
    expect(policyActions(json, id)).toContain('cognito-idp:ListUserPoolClients');
  });
});
