import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Match } from 'aws-cdk-lib/assertions';
import { runtimeConfig } from '../../lambdas/contract/runtime-config';
import { TABLE } from '../../lambdas/shared/table';
import { FULL_CONTEXT, resourcesOfType, synthMentora } from './synth-mentora';
import { templatesOf } from './synth-cache';

// CloudFront's managed policies, by their fixed ids.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER = '216adef6-5c7f-47e4-b989-5492eafa07d3';

describe('a production deployment on a custom domain', () => {
  let synth: ReturnType<typeof synthMentora>;
  let distribution: any;
  beforeAll(() => {
    synth = synthMentora(FULL_CONTEXT);
    distribution = resourcesOfType(synth.json, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
  });

  describe('the table', () => {
    it('has the keys and indexes of lambdas/shared/table.ts, all attributes projected', () => {
      const [[, table]] = resourcesOfType(synth.json, 'AWS::DynamoDB::Table');
      expect(table.Properties.KeySchema).toEqual([
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ]);
      expect(table.Properties.GlobalSecondaryIndexes).toEqual(
        TABLE.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
    });

    it('lets caches and daily counters expire through TTL on expiresAt', () => {
      synth.template.hasResourceProperties('AWS::DynamoDB::Table', {
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      });
    });

    it('is on demand with point-in-time recovery', () => {
      synth.template.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
    });

    it('is protected from deletion and retained in production', () => {
      synth.template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
      });
    });
  });

  describe('the site', () => {
    it('keeps the bucket private, encrypted and reachable over TLS only', () => {
      synth.template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: Match.anyValue(),
        LoggingConfiguration: Match.anyValue(),
      });
      synth.template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });

    it('reads the bucket through an origin access control', () => {
      // Two: the bucket's (s3) and the tutor stream's Function URL (lambda, test/infra/tutor-stream.test.ts).
      synth.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
      const s3Origin = distribution.Origins.find((o: any) => o.S3OriginConfig);
      expect(s3Origin.OriginAccessControlId).toBeDefined();
    });

    it('serves the custom domain with a modern TLS policy', () => {
      expect(distribution.Aliases).toEqual([FULL_CONTEXT.siteDomain]);
      expect(distribution.ViewerCertificate).toMatchObject({
        AcmCertificateArn: FULL_CONTEXT.certificateArn,
        MinimumProtocolVersion: 'TLSv1.2_2021',
      });
    });

    it('falls back to index.html with a function, never with custom error responses', () => {
      expect(distribution.CustomErrorResponses).toBeUndefined();
      expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: expect.anything() },
      ]);
    });

    it('rewrites client-side routes to index.html and leaves files alone', () => {
      const [[, fn]] = resourcesOfType(synth.json, 'AWS::CloudFront::Function');
      const handler = runInNewContext(`${fn.Properties.FunctionCode}; handler`);
      const uriFor = (uri: string) => handler({ request: { uri } }).uri;
      expect(uriFor('/cursos/123')).toBe('/index.html');
      expect(uriFor('/')).toBe('/index.html');
      expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(uriFor('/config.json')).toBe('/config.json');
      expect(uriFor('/favicon.svg')).toBe('/favicon.svg');
    });

    it('forwards /api/* unchanged to the API\'s custom domain, uncached, with every viewer header, Host included', () => {
      const api = distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
      expect(api).toMatchObject({
        CachePolicyId: CACHING_DISABLED,
        // Production has the API's own custom domain named as the site (test/infra/api-door.test.ts).
        OriginRequestPolicyId: ALL_VIEWER,
        AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      });
      expect(api.FunctionAssociations).toBeUndefined();
      const origin = distribution.Origins.find((o: any) => o.Id === api.TargetOriginId);
      expect(origin.OriginPath ?? '').toBe('');
      expect(JSON.stringify(origin.DomainName)).toMatch(/ApiDomain.*RegionalDomainName/);
    });

    it('says noindex in a header on a shared course\'s page and an aula invitation, with the same security headers and rewrite', () => {
      const policies = resourcesOfType(synth.json, 'AWS::CloudFront::ResponseHeadersPolicy');
      const [[noindexId, noindex]] = policies.filter(([, p]: any) => p.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig);
      const [[, site]] = policies.filter(([, p]: any) => p.Properties.ResponseHeadersPolicyConfig.Comment === 'Mentora security headers');
      expect(noindex.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items).toEqual([{ Header: 'X-Robots-Tag', Value: 'noindex, nofollow', Override: true }]);
      expect(noindex.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual(site.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig);
      for (const path of ['/compartido/*', '/aulas/unirse/*']) {
        const behavior = distribution.CacheBehaviors.find((b: any) => b.PathPattern === path);
        expect([path, behavior?.ResponseHeadersPolicyId]).toEqual([path, { Ref: noindexId }]);
        expect(behavior.TargetOriginId).toBe(distribution.DefaultCacheBehavior.TargetOriginId);
        expect(behavior.FunctionAssociations).toEqual(distribution.DefaultCacheBehavior.FunctionAssociations);
      }
      expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).not.toEqual({ Ref: noindexId });
    });

    it('lets an LMS frame the LTI pages alone (launch, login\'s storage page, registration\'s close page, Deep Linking\'s answer): no X-Frame-Options there, and the Lambda\'s own CSP stands', () => {
      const policies = resourcesOfType(synth.json, 'AWS::CloudFront::ResponseHeadersPolicy');
      const config = (comment: string) => policies.find(([, p]: any) => p.Properties.ResponseHeadersPolicyConfig.Comment.startsWith(comment))!;
      const [ltiId, lti] = config('Mentora security headers, framable');
      const [, site] = config('Mentora security headers');
      const { FrameOptions, ContentSecurityPolicy, ...rest } = lti.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      expect(FrameOptions).toBeUndefined();
      // Only where the Lambda sent none (docs/lti.md "Inside the LMS's iframe"): the site's own, frame-ancestors 'none'.
      expect(ContentSecurityPolicy).toEqual({ ...site.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy, Override: false });
      const { FrameOptions: _deny, ContentSecurityPolicy: _csp, ...siteRest } = site.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      expect(rest).toEqual(siteRest);
      const framed = distribution.CacheBehaviors.filter((b: any) => b.ResponseHeadersPolicyId?.Ref === ltiId);
      expect(framed.map((b: any) => b.PathPattern)).toEqual(['/lti/entrar', '/lti/elegir', '/api/lti/launch', '/api/lti/login', '/api/lti/registro', '/api/lti/seleccion']);
      const api = distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
      for (const behavior of framed.slice(2)) expect({ ...behavior, PathPattern: '/api/*', ResponseHeadersPolicyId: api.ResponseHeadersPolicyId }).toEqual(api);
    });

    it('lets a registered platform frame /lti/entrar and /lti/elegir: a viewer-response function reads its origins in the KeyValueStore the lti Lambda fills', () => {
      const policies = resourcesOfType(synth.json, 'AWS::CloudFront::ResponseHeadersPolicy');
      // The framable policy: no X-Frame-Options, its CSP only where none is set, so the function's two headers stand.
      const [entryId] = policies.find(([, p]: any) => p.Properties.ResponseHeadersPolicyConfig.Comment.startsWith('Mentora security headers, framable'))!;
      const [, site] = policies.find(([, p]: any) => p.Properties.ResponseHeadersPolicyConfig.Comment === 'Mentora security headers')!;
      const siteCsp = site.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
      const behavior = distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/lti/entrar');
      // The picker, when it runs in the frame, the same behaviour: the same function, the same policy.
      expect({ ...distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/lti/elegir'), PathPattern: '/lti/entrar' }).toEqual(behavior);
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: entryId });
      expect(behavior.TargetOriginId).toBe(distribution.DefaultCacheBehavior.TargetOriginId);
      const [rewrite, frame] = behavior.FunctionAssociations;
      expect(rewrite).toEqual(distribution.DefaultCacheBehavior.FunctionAssociations[0]);
      expect(frame.EventType).toBe('viewer-response');
      const [[storeId]] = resourcesOfType(synth.json, 'AWS::CloudFront::KeyValueStore');
      const [, fn] = resourcesOfType(synth.json, 'AWS::CloudFront::Function').find(([id]: any) => JSON.stringify(frame.FunctionARN).includes(id))!;
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
      expect(JSON.stringify(fn.Properties.FunctionConfig.KeyValueStoreAssociations)).toContain(storeId);
      const code = JSON.stringify(fn.Properties.FunctionCode);
      expect(code).toContain('cf.kvs(');
      expect(code).toContain("frame-ancestors 'none'");
      expect(code).toContain('x-frame-options');
      expect(JSON.stringify(siteCsp)).toContain("frame-ancestors 'none'");
      // The lti Lambda knows the store by ARN (it publishes each registration's origins there).
      const lti = resourcesOfType(synth.json, 'AWS::Lambda::Function').find(([id]: any) => id.startsWith('ApiLtiFunction'))!;
      expect(JSON.stringify(lti[1].Properties.Environment.Variables.LTI_FRAME_STORE_ARN)).toContain(storeId);
    });

    it('has no policy of its own for Deep Linking\'s answer any more: it is a framed LTI page (its CSP names its framers)', () => {
      const policies = resourcesOfType(synth.json, 'AWS::CloudFront::ResponseHeadersPolicy');
      expect(policies.filter(([, p]: any) => p.Properties.ResponseHeadersPolicyConfig.Comment.includes('Deep Linking return'))).toEqual([]);
    });

    it('sends CSP, HSTS, frame, content-type and referrer headers', () => {
      const [[, policy]] = resourcesOfType(synth.json, 'AWS::CloudFront::ResponseHeadersPolicy').filter(([, p]: any) => p.Properties.ResponseHeadersPolicyConfig.Comment === 'Mentora security headers');
      const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      expect(headers.FrameOptions.FrameOption).toBe('DENY');
      expect(headers.ContentTypeOptions.Override).toBe(true);
      expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
      expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
      const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/connect-src 'self' https:\/\/mentora-test\.auth\..*https:\/\/cognito-idp\./);
      // The presigned POST of an uploaded material goes to the materials bucket's regional address (issue 24).
      expect(csp).toMatch(/connect-src [^;]*https:\/\/mentora-[a-z]+-materials-/);
      // Narrated lessons and tutor answers play from presigned GETs of the same bucket (issue 26).
      expect(csp).toMatch(/media-src 'self' https:\/\/mentora-[a-z]+-materials-/);
      expect(csp).toContain("img-src 'self' data: https:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    });
  });

  describe('/config.json', () => {
    let config: Record<string, string | string[]>;
    beforeAll(() => {
      const dir = readdirSync(synth.outdir, { withFileTypes: true }).find(
        (d) => d.isDirectory() && d.name.startsWith('asset.') && readdirSync(join(synth.outdir, d.name)).includes('config.json'),
      )!.name;
      config = JSON.parse(readFileSync(join(synth.outdir, dir, 'config.json'), 'utf8'));
    });

    it('matches the runtime config the SPA reads', () => {
      expect(runtimeConfig.safeParse(config).success).toBe(true);
    });

    it('names the same-origin API, the site, the providers and the stage', () => {
      expect(config).toMatchObject({
        apiUrl: '/api',
        redirectUrl: `https://${FULL_CONTEXT.siteDomain}/`,
        socialProviders: ['Google', 'Microsoft'],
        stage: 'prod',
      });
      expect(config.oauthDomain).toMatch(/^mentora-test\.auth\..+\.amazoncognito\.com$/);
    });
  });

  it('outputs what an operator needs after a deploy', () => {
    expect(Object.keys(synth.json.Outputs ?? {})).toEqual(
      expect.arrayContaining(['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'HostedDomain', 'TableName']),
    );
  });
});

describe('a development deployment', () => {
  it('lets the table go with the stack', () => {
    const { template } = templatesOf({ stage: 'dev' });
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});
