import { Match } from 'aws-cdk-lib/assertions';
import { routeKey, routes } from '../../lambdas/contract/routes';
import { routeGroups } from '../../infra/aws/lambda-bundling';
import { resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';

/** What active X-Ray tracing adds to every function's role (infra/aws/group-function.ts). */
const XRAY_STATEMENT = { Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Effect: 'Allow', Resource: '*' };
const isXRay = (s: unknown) => JSON.stringify(s) === JSON.stringify(XRAY_STATEMENT);
/** CDK merges statements on the same resource: Polly's `*` (narration, issue 26) joins X-Ray's; split them back apart. */
const splitXRay = <S extends { Action: string | string[] }>(s: S): S[] => {
  const actions = [s.Action].flat();
  const xray = actions.filter((a) => a.startsWith('xray:'));
  if (!xray.length || xray.length === actions.length) return [s];
  return [{ ...s, Action: xray.sort() }, { ...s, Action: actions.filter((a) => !a.startsWith('xray:')) }];
};

/** API Lambda logical id -> its Powertools service name (the route group). */
function serviceOfFunction(json: CfnTemplate): Map<string, string> {
  return new Map(
    resourcesOfType(json, 'AWS::Lambda::Function')
      // The API's Lambdas live under the `Api` construct; the course pipeline has its own.
      .filter(([id, fn]) => id.startsWith('Api') && fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME)
      .map(([id, fn]) => [id, fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME]),
  );
}

describe('the HTTP API derived from the route table', () => {
  let synth: ReturnType<typeof templatesOf>;
  let routesByKey: Map<string, any>;
  beforeAll(() => {
    synth = templatesOf({ stage: 'dev' });
    routesByKey = new Map(resourcesOfType(synth.json, 'AWS::ApiGatewayV2::Route').map(([, r]) => [r.Properties.RouteKey, r.Properties]));
  });

  it('is an HTTP API served from a stage named api, throttled and access-logged', () => {
    synth.template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'api',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('verifies Cognito access tokens with a JWT authorizer for the web client', () => {
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('WebClient') }],
        Issuer: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^https://cognito-idp\\.')])] },
      },
    });
  });

  it('has exactly one API route per row of the route table', () => {
    expect([...routesByKey.keys()].sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each(routes.filter((r) => r.access === 'authenticated').map(routeKey))('%s requires the authorizer', (key) => {
    expect(routesByKey.get(key)).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: expect.stringMatching(/Authorizer/) } });
  });

  it.each(routes.filter((r) => r.access === 'public').map(routeKey))('%s is public', (key) => {
    const route = routesByKey.get(key);
    expect(route.AuthorizerId).toBeUndefined();
    expect(route.AuthorizationType ?? 'NONE').toBe('NONE');
  });

  it('gives each route group its own Lambda, and nothing else', () => {
    const services = [...serviceOfFunction(synth.json).values()].sort();
    expect(services).toEqual([...routeGroups()].sort());
  });

  it('sends every route to its group Lambda', () => {
    const services = serviceOfFunction(synth.json);
    const integrations = new Map(
      resourcesOfType(synth.json, 'AWS::ApiGatewayV2::Integration').map(([id, i]) => [
        id,
        services.get(i.Properties.IntegrationUri['Fn::GetAtt'][0]),
      ]),
    );
    for (const route of routes) {
      const target: string = routesByKey.get(routeKey(route)).Target['Fn::Join'][1][1].Ref;
      expect([routeKey(route), integrations.get(target)]).toEqual([routeKey(route), route.group]);
    }
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Integration', { PayloadFormatVersion: '2.0' });
  });

  it('runs every Lambda on Node 22, arm64, with Powertools settings', () => {
    for (const [id] of serviceOfFunction(synth.json)) {
      const fn = synth.json.Resources[id].Properties;
      expect(fn).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
      expect(fn.Environment.Variables).toMatchObject({ POWERTOOLS_LOG_LEVEL: expect.any(String) });
    }
  });

  it.each(routeGroups())('gives the %s Lambda the table name', (group) => {
    const [id] = [...serviceOfFunction(synth.json)].find(([, s]) => s === group)!;
    expect(synth.json.Resources[id].Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: expect.stringMatching(/Table/) });
  });

  it('gives the auth Lambda the app client and the token issuer', () => {
    const [id] = [...serviceOfFunction(synth.json)].find(([, s]) => s === 'auth')!;
    expect(synth.json.Resources[id].Properties.Environment.Variables).toMatchObject({
      USER_POOL_CLIENT_ID: { Ref: expect.stringMatching(/WebClient/) },
      COGNITO_ISSUER: { 'Fn::Join': ['', expect.arrayContaining([expect.stringMatching(/^https:\/\/cognito-idp\./)])] },
    });
  });

  it('grants each Lambda only named actions: no wildcard, no Scan, no table-wide index access', () => {
    const roleOf = (fnId: string) => synth.json.Resources[fnId].Properties.Role['Fn::GetAtt'][0];
    const policies = resourcesOfType(synth.json, 'AWS::IAM::Policy');
    for (const [fnId, service] of serviceOfFunction(synth.json)) {
      const attached = policies.filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleOf(fnId)));
      const all = attached.flatMap(([, p]) => p.Properties.PolicyDocument.Statement).flatMap(splitXRay);
      // Active tracing's one statement: X-Ray's two write actions have no resource-level permissions.
      expect([service, all.filter(isXRay)]).toEqual([service, [XRAY_STATEMENT]]);
      const statements = all.filter((s: unknown) => !isXRay(s));
      for (const s of statements) {
        const actions: string[] = [s.Action].flat();
        for (const action of actions) expect([service, action]).toEqual([service, expect.stringMatching(/^(dynamodb|bedrock|states|secretsmanager|cognito-idp|s3|polly|sns|cloudfront-keyvaluestore):[A-Z][A-Za-z]+$/)]);
        // Learners' uploaded originals (issue 24) and narrated audio (issue 26): object actions under the materials or
        // narration prefix only, never the whole bucket; listing only keys under narration/ (account deletion).
        if (actions.some((a) => a.startsWith('s3:') && a !== 's3:ListBucket')) {
          for (const r of [s.Resource].flat()) expect([service, JSON.stringify(r)]).toEqual([service, expect.stringMatching(/\/(materials|narration)\/\*"\]\]\}$/)]);
        }
        if (actions.includes('s3:ListBucket')) expect([service, actions, s.Condition]).toEqual(['users', ['s3:ListBucket'], { StringLike: { 's3:prefix': 'narration/*' } }]);
        // Polly's calls have no resource but lexicons (docs/narration.md): only the narration Lambda makes them.
        if (actions.some((a) => a.startsWith('polly:'))) expect(service).toBe('narration');
        expect(actions).not.toContain('dynamodb:Scan');
        expect(JSON.stringify(s.Resource)).not.toContain('/index/*');
      }
    }
  });

  it('lets the users Lambda touch items of the table only (no index, no Scan), sign out and delete Cognito users, stop executions, read the Stripe secret and delete uploaded originals', () => {
    const [fnId] = [...serviceOfFunction(synth.json)].find(([, s]) => s === 'users')!;
    const role = synth.json.Resources[fnId].Properties.Role['Fn::GetAtt'][0];
    const [[, policy]] = resourcesOfType(synth.json, 'AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles[0].Ref === role);
    const allowed = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem'];
    for (const statement of policy.Properties.PolicyDocument.Statement.filter((s: unknown) => !isXRay(s))) {
      const actions = [statement.Action].flat() as string[];
      if (actions.every((a) => a.startsWith('dynamodb:'))) {
        expect(statement.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/Table/), 'Arn'] });
        for (const action of actions) expect(allowed).toContain(action);
      } else {
        // DELETE /users/me (issue 14): the Cognito user, and the Stripe customer's closure; issue 20: every
        // session ends and the learner's running executions stop; issue 24: their uploaded originals go.
        expect([
          ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut'],
          ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
          ['states:StopExecution'],
          ['s3:DeleteObject'],
          ['s3:ListBucket'],
        ]).toContainEqual([...actions].sort());
      }
    }
  });
});
