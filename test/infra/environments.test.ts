import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readContext } from '../../infra/aws/context';
import { REPO_ROOT } from '../../infra/aws/lambda-bundling';
import { ENVIRONMENTS } from '../../infra/environments';
import { PROD_DOOR, resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';

// Per-environment settings live in infra/environments.ts; context overrides them; `production` is a
// flag of its own, never read from a stage's name.

const contextOf = (values: Record<string, unknown>) => (key: string) => values[key];
const table = (json: CfnTemplate) => resourcesOfType(json, 'AWS::DynamoDB::Table')[0][1];

describe('the environment of a stage', () => {
  it('comes from infra/environments.ts: region, production, budget', () => {
    expect(readContext(contextOf({ stage: 'prod', ...PROD_DOOR }))).toMatchObject({ stage: 'prod', ...ENVIRONMENTS.prod });
    expect(readContext(contextOf({}))).toMatchObject({ stage: 'dev', ...ENVIRONMENTS.dev });
  });

  it('is overridden key by key by CDK context, strings from `-c` included', () => {
    expect(readContext(contextOf({ stage: 'prod', production: 'false', monthlyBudgetUsd: '80', region: 'eu-south-2', alarmEmail: 'ops@mentora.example' }))).toMatchObject({
      stage: 'prod',
      production: false,
      monthlyBudgetUsd: 80,
      region: 'eu-south-2',
      alarmEmail: 'ops@mentora.example',
    });
  });

  it('of a stage not in the file needs a region and says where to put it', () => {
    expect(() => readContext(contextOf({ stage: 'feature-x' }), undefined)).toThrow(/region: give the stage an entry in infra\/environments.ts or pass -c region=/);
    expect(readContext(contextOf({ stage: 'feature-x' }), 'eu-west-3')).toMatchObject({ region: 'eu-west-3', production: false });
  });

  it('refuses production without the API\'s custom domain, unless the emergency switch is given', () => {
    const refusal = /production needs the API behind CloudFront only: give siteDomain, certificateArn/;
    expect(() => readContext(contextOf({ stage: 'prod' }))).toThrow(refusal);
    // A us-east-1 certificate cannot serve a regional API in eu-west-1: apiCertificateArn is still missing.
    expect(() => readContext(contextOf({ stage: 'prod', siteDomain: PROD_DOOR.siteDomain, certificateArn: PROD_DOOR.certificateArn }))).toThrow(refusal);
    expect(() => readContext(contextOf({ stage: 'live', production: 'true', region: 'eu-west-1' }))).toThrow(refusal);
    expect(() => readContext(contextOf({ stage: 'prod', executeApiEndpoint: 'disabled' }))).toThrow(refusal);
    expect(readContext(contextOf({ stage: 'prod', executeApiEndpoint: 'enabled' }))).toMatchObject({ production: true, executeApiEndpoint: 'enabled' });
    // In us-east-1 the CloudFront certificate serves the API's regional domain too.
    expect(readContext(contextOf({ stage: 'prod', region: 'us-east-1', siteDomain: PROD_DOOR.siteDomain, certificateArn: PROD_DOOR.certificateArn }))).toMatchObject({ production: true });
    // The dev stage keeps its behaviour: no domain needed.
    expect(readContext(contextOf({}))).toMatchObject({ production: false, executeApiEndpoint: 'disabled' });
  });

  it('refuses a production flag that is not true or false', () => {
    expect(() => readContext(contextOf({ production: 'yes' }))).toThrow(/production: true or false/);
  });
});

describe('the production flag, not the stage name, protects the data', () => {
  it.each([
    ['stage prod (production in the file)', { stage: 'prod', ...PROD_DOOR }, true],
    ['stage prod with -c production=false', { stage: 'prod', production: 'false' }, false],
    ['a stage named otherwise with production=true', { stage: 'live', production: 'true', region: 'eu-west-1', ...PROD_DOOR }, true],
    ['stage dev', { stage: 'dev' }, false],
  ])('%s', (_name, context, protectedData) => {
    const { json } = templatesOf(context);
    const t = table(json);
    expect([t.Properties.DeletionProtectionEnabled ?? false, t.DeletionPolicy === 'Retain']).toEqual([protectedData, protectedData]);
    const pool = resourcesOfType(json, 'AWS::Cognito::UserPool')[0][1];
    expect(pool.DeletionPolicy === 'Retain').toBe(protectedData);
  });
});

describe('names and settings of the synthesized app', () => {
  let json: CfnTemplate;
  beforeAll(() => {
    json = templatesOf({ stage: 'prod', ...PROD_DOOR }).json;
  });

  it('traces every function of the app and every state machine with X-Ray', () => {
    const functions = resourcesOfType(json, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME);
    expect(functions.length).toBeGreaterThanOrEqual(15);
    for (const [id, fn] of functions) expect([id, fn.Properties.TracingConfig]).toEqual([id, { Mode: 'Active' }]);
    const machines = resourcesOfType(json, 'AWS::StepFunctions::StateMachine');
    expect(machines).toHaveLength(3);
    for (const [id, machine] of machines) expect([id, machine.Properties.TracingConfiguration]).toEqual([id, { Enabled: true }]);
  });

  it('logs the state machines under /aws/vendedlogs/states/, one group each, named by stack', () => {
    const names = resourcesOfType(json, 'AWS::Logs::LogGroup').map(([, g]) => g.Properties.LogGroupName).filter((n) => typeof n === 'string' && n.includes('states'));
    expect(names.sort()).toEqual(['/aws/vendedlogs/states/Mentora-prod-course-pipeline', '/aws/vendedlogs/states/Mentora-prod-lms-scores', '/aws/vendedlogs/states/Mentora-prod-model-jobs']);
  });

  it('sets every CDK feature flag this aws-cdk-lib recommends, to its recommended value', () => {
    const recommended = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', 'aws-cdk-lib', 'recommended-feature-flags.json'), 'utf8')) as Record<string, unknown>;
    const { context } = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
    const unset = Object.entries(recommended).filter(([flag, value]) => JSON.stringify(context[flag]) !== JSON.stringify(value));
    expect(unset).toEqual([]);
  });
});
