import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes, routeKey } from '../../lambdas/contract/routes';
import { MODEL_ROUTE_GROUPS } from '../../infra/function-limits';
import { AUTH_ROUTE_THROTTLE, SHARE_ROUTE_THROTTLE, STAGE_THROTTLE } from '../../infra/aws/api';
import { AUTH_PATH_PREFIX, SHARE_PATH_PREFIX, WAF_RATE_LIMITS, spendingRoutePatterns } from '../../infra/aws/waf';
import { PROD_DOOR, resourcesOfType, synthMentora } from './synth-mentora';
import { templatesOf } from './synth-cache';

// CloudFront takes a web ACL only from us-east-1: it has its own stack there, whatever the app's
// region, and the distribution references it across regions.

/**
 * The route groups whose own code starts a model job or calls a model (lambdas/<group>/**): the code, not a
 * list, says which groups may spend, so a new spending route in any of them must be marked `spends`.
 */
function spendingGroups(): string[] {
  const spends = /\b(startModelJob|structuredModel|bedrockStructuredModel|bedrockClient|bedrockStreamingModel)\(/;
  const dir = join(__dirname, '..', '..', 'lambdas');
  const groups = [...new Set(routes.map((r) => r.group as string))];
  const files = (folder: string): string[] => readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(folder, e.name)) : e.name.endsWith('.ts') ? [join(folder, e.name)] : []);
  return groups.filter((g) => files(join(dir, g)).some((f) => spends.test(readFileSync(f, 'utf8')))).sort();
}

const example = (path: string) => `/api${path.replace(/\{[^}]+\}/g, '3f2b8c1e-0000-4000-8000-000000000001')}`;

describe.each([
  ['dev, whose app region is us-east-1', 'dev', 'us-east-1'],
  ['prod, whose app region is eu-west-1', 'prod', 'eu-west-1'],
])('the WAF web ACL for %s', (_name, stage, region) => {
  let synth: ReturnType<typeof synthMentora>;
  beforeAll(() => {
    // Production synths only with the API's custom domain (infra/aws/context.ts).
    synth = synthMentora(stage === 'prod' ? { stage, ...PROD_DOOR } : { stage });
  });

  it('lives in a us-east-1 stack named with the stage and the app region, scoped to CloudFront', () => {
    expect([synth.waf.region, synth.waf.stackName, synth.stack.region]).toEqual(['us-east-1', `Mentora-${stage}-waf-${region}`, region]);
    synth.wafTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', Name: `mentora-${stage}-${region}`, DefaultAction: { Allow: {} } });
  });

  it('runs the AWS common and known-bad-inputs rule sets, then per-IP rate limits on auth, spending and shared-course routes', () => {
    const [[, acl]] = resourcesOfType(synth.wafTemplate.toJSON() as never, 'AWS::WAFv2::WebACL');
    const rules = acl.Properties.Rules as any[];
    expect(rules.map((r) => r.Name)).toEqual(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'RateLimitAuth', 'RateLimitSpendingRoutes', 'RateLimitSharedCourses']);
    expect(rules.slice(0, 2).map((r) => r.Statement.ManagedRuleGroupStatement.VendorName)).toEqual(['AWS', 'AWS']);
    const auth = rules[2].Statement.RateBasedStatement;
    expect([auth.Limit, auth.AggregateKeyType, rules[2].Action]).toEqual([WAF_RATE_LIMITS.auth, 'IP', { Block: {} }]);
    expect(auth.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: '/api/auth/', PositionalConstraint: 'STARTS_WITH', FieldToMatch: { UriPath: {} } });
    const spend = rules[3].Statement.RateBasedStatement;
    expect([spend.Limit, spend.AggregateKeyType, rules[3].Action]).toEqual([WAF_RATE_LIMITS.spend, 'IP', { Block: {} }]);
    // One statement per method of the spending routes (POST, PUT, GET), each its method and its own pattern set.
    const perMethod = spend.ScopeDownStatement.OrStatement.Statements as any[];
    expect(perMethod.map((m) => m.AndStatement.Statements[0].ByteMatchStatement.SearchString).sort()).toEqual(Object.keys(spendingRoutePatterns()).sort());
    const sets = resourcesOfType(synth.wafTemplate.toJSON() as never, 'AWS::WAFv2::RegexPatternSet').map(([, set]) => set.Properties.RegularExpressionList as string[]);
    expect(sets.flat().sort()).toEqual(Object.values(spendingRoutePatterns()).flat().sort());
    const share = rules[4].Statement.RateBasedStatement;
    expect([share.Limit, share.AggregateKeyType, rules[4].Action]).toEqual([WAF_RATE_LIMITS.share, 'IP', { Block: {} }]);
    expect(share.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: SHARE_PATH_PREFIX, PositionalConstraint: 'STARTS_WITH', FieldToMatch: { UriPath: {} } });
  });

  it('puts the web ACL on the CloudFront distribution of the app stack', () => {
    const [[, distribution]] = resourcesOfType(synth.json, 'AWS::CloudFront::Distribution');
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeDefined();
    // No acknowledgement of "no WAF" is left behind.
    expect(JSON.stringify(synth.json)).not.toContain('AwsSolutions-CFR2');
  });
});

describe('what the rate limits cover', () => {
  const patterns = Object.fromEntries(Object.entries(spendingRoutePatterns()).map(([method, list]) => [method, list.map((p) => new RegExp(p))]));
  const matches = (method: string, path: string) => (patterns[method] ?? []).some((p) => p.test(path));

  it('covers every route that spends: a model, Polly, an upload and its processing (issue 31)', () => {
    const spending = routes.filter((r) => r.spends).map(routeKey);
    expect(spending.sort()).toEqual([
      'GET /narration/voices/{voz}/sample',
      'POST /ai-tutor/chat',
      'POST /ai-tutor/context/{id}/voz',
      'POST /courses/plan',
      'POST /courses/suggestions',
      'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration',
      'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check',
      'POST /courses/{id}/modules/{moduleId}/refuerzo',
      'POST /courses/{id}/modules/{moduleId}/refuerzo/abierta',
      'POST /courses/{id}/retry',
      'POST /diplomado/course',
      'POST /diplomado/plan',
      'POST /evaluacion/generate',
      'POST /lesson/generate',
      'POST /materials',
      'PUT /courses/{id}/outline',
    ]);
    for (const route of routes.filter((r) => r.spends)) expect([routeKey(route), matches(route.method, example(route.path))]).toEqual([routeKey(route), true]);
  });

  it('finds the groups that may spend a model in their code: a model job started or a model called', () => {
    // The review group spends through a model job (the lesson self-check) on QUICK limits: a list of
    // MODEL_ROUTE_GROUPS alone would not see it.
    expect(spendingGroups()).toEqual(expect.arrayContaining([...MODEL_ROUTE_GROUPS, 'review']));
  });

  it('marks every POST and PUT of a group that may spend a model, unless it is known to spend nothing', () => {
    // Answered from DynamoDB alone: progress, an attempt or a Refuerzo practice item graded by code, a report,
    // a 👍/👎, a review card revealed or rated (FSRS, by code).
    const free = [
      'POST /courses/{id}/progress', 'POST /courses/{id}/modules/{moduleId}/evaluation', 'POST /courses/{id}/modules/{moduleId}/refuerzo/respuesta',
      'POST /evaluacion/reportar', 'POST /feedback', 'POST /review/{cardId}/reveal', 'POST /review/{cardId}',
    ];
    const groups = spendingGroups();
    const writes = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && groups.includes(r.group) && !free.includes(routeKey(r)));
    expect(writes.map(routeKey)).toContain('POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check');
    for (const route of writes) expect([routeKey(route), route.spends]).toEqual([routeKey(route), 'model']);
  });

  it('leaves every other route alone, a narration state poll on the same path included', () => {
    for (const route of routes.filter((r) => !r.spends)) {
      expect([routeKey(route), matches(route.method, example(route.path))]).toEqual([routeKey(route), false]);
    }
    expect(matches('GET', example('/courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration'))).toBe(false);
  });

  it('fits WAF: at most 10 expressions of at most 200 characters in each set', () => {
    for (const list of Object.values(spendingRoutePatterns())) {
      expect(list.length).toBeLessThanOrEqual(10);
      for (const p of list) expect(p.length).toBeLessThanOrEqual(200);
    }
  });

  it('takes `/api/auth/`, the prefix of every public auth route', () => {
    const auth = routes.filter((r) => r.group === 'auth');
    expect(auth.length).toBeGreaterThan(0);
    for (const route of auth) expect(example(route.path).startsWith(AUTH_PATH_PREFIX)).toBe(true);
  });
});

describe('per-route throttling on the HTTP API', () => {
  it('gives each /auth/* and public /compartidos/* route its own, lower throttle than the stage, after the route exists', () => {
    const { json } = templatesOf({ stage: 'dev' });
    const [[stageId, stage]] = resourcesOfType(json, 'AWS::ApiGatewayV2::Stage');
    const auth = routes.filter((r) => r.path.startsWith('/auth/')).map(routeKey);
    const shared = routes.filter((r) => r.path.startsWith('/compartidos/')).map(routeKey);
    expect(shared).toContain('GET /compartidos/{shareId}');
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual([...auth, ...shared].sort());
    for (const key of shared) {
      expect(stage.Properties.RouteSettings[key]).toEqual({ ThrottlingRateLimit: SHARE_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: SHARE_ROUTE_THROTTLE.burstLimit });
    }
    expect(SHARE_ROUTE_THROTTLE.rateLimit).toBeLessThan(AUTH_ROUTE_THROTTLE.rateLimit);
    for (const key of auth) {
      expect(stage.Properties.RouteSettings[key]).toEqual({ ThrottlingRateLimit: AUTH_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: AUTH_ROUTE_THROTTLE.burstLimit });
    }
    expect(AUTH_ROUTE_THROTTLE.rateLimit).toBeLessThan(STAGE_THROTTLE.rateLimit);
    const authRouteIds = resourcesOfType(json, 'AWS::ApiGatewayV2::Route').filter(([, r]) => auth.includes(r.Properties.RouteKey)).map(([id]) => id);
    expect(json.Resources[stageId].DependsOn).toEqual(expect.arrayContaining(authRouteIds));
  });
});
