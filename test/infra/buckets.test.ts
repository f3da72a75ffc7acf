import { FULL_CONTEXT, resourcesOfType, type CfnTemplate } from './synth-mentora';
import { templatesOf } from './synth-cache';
import { render } from './template-grants';

// The site's files are readable by exactly one reader: this stack's CloudFront distribution, through
// its origin access control. No bucket of the template can ever be made public.

const ALL_BLOCKED = { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true };

/** A policy statement with every CloudFormation reference rendered as text. */
const readable = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(readable)
    : value && typeof value === 'object'
      ? Object.keys(value).some((k) => k === 'Ref' || k.startsWith('Fn::'))
        ? render(value)
        : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readable(v)]))
      : value;

const denyPlainHttp = (bucket: string) => ({
  Effect: 'Deny',
  Principal: { AWS: '*' },
  Action: 's3:*',
  Resource: [`\${${bucket}.Arn}`, `\${${bucket}.Arn}/*`],
  Condition: { Bool: { 'aws:SecureTransport': 'false' } },
});

describe.each([
  ['production on a custom domain', FULL_CONTEXT],
  ['development', { stage: 'dev' }],
])('the buckets of a %s deployment', (_name, context) => {
  let json: CfnTemplate;
  const policyOf = (bucket: string) =>
    resourcesOfType(json, 'AWS::S3::BucketPolicy').find(([, p]) => render(p.Properties.Bucket) === `\${${bucket}}`)?.[1].Properties.PolicyDocument;
  beforeAll(() => {
    json = templatesOf(context).json;
  });

  it('blocks public access on every bucket', () => {
    const buckets = resourcesOfType(json, 'AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThan(0);
    for (const [id, bucket] of buckets) expect([id, bucket.Properties.PublicAccessBlockConfiguration]).toEqual([id, ALL_BLOCKED]);
  });

  it('lets only this distribution read the site, through CloudFront service principal and origin access control', () => {
    expect(resourcesOfType(json, 'AWS::CloudFront::Distribution').map(([id]) => id)).toEqual([expect.stringMatching(/^WebDistribution/)]);
    expect(readable(policyOf('WebSite')?.Statement)).toEqual([
      denyPlainHttp('WebSite'),
      {
        Effect: 'Allow',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Resource: '${WebSite.Arn}/*',
        Condition: { StringEquals: { 'AWS:SourceArn': 'arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${WebDistribution}' } },
      },
    ]);
  });

  it('signs every request of that distribution to the site bucket with its origin access control', () => {
    const [[oacId, oac]] = resourcesOfType(json, 'AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    const [[, distribution]] = resourcesOfType(json, 'AWS::CloudFront::Distribution');
    const s3Origins = distribution.Properties.DistributionConfig.Origins.filter((o: any) => o.S3OriginConfig);
    expect(s3Origins.map((o: any) => [render(o.DomainName), render(o.OriginAccessControlId), o.S3OriginConfig.OriginAccessIdentity])).toEqual([
      ['${WebSite.RegionalDomainName}', `\${${oacId.replace(/[0-9A-F]{8}$/, '')}.Id}`, ''],
    ]);
  });

  it('gives the access-log bucket a policy that refuses plain HTTP and lets S3 log delivery write the site bucket\'s logs only', () => {
    // @aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy (cdk.json): a bucket policy, not the log-delivery ACL grant.
    expect(readable(policyOf('WebAccessLogs')?.Statement)).toEqual([
      denyPlainHttp('WebAccessLogs'),
      {
        Effect: 'Allow',
        Principal: { Service: 'logging.s3.amazonaws.com' },
        Action: 's3:PutObject',
        Resource: '${WebAccessLogs.Arn}/s3/*',
        Condition: { ArnLike: { 'aws:SourceArn': '${WebSite.Arn}' }, StringEquals: { 'aws:SourceAccount': '${AWS::AccountId}' } },
      },
    ]);
  });

  it("keeps learners' uploaded materials private: encrypted, HTTPS only, no versions, CORS for the site's origin alone, access logged", () => {
    const [[, bucket]] = resourcesOfType(json, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('MaterialsBucket'));
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }]);
    expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
    expect(render(bucket.Properties.LoggingConfiguration.DestinationBucketName)).toBe('${MaterialsAccessLogs}');
    const [rule] = bucket.Properties.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods.sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect(rule.AllowedOrigins).toHaveLength(1);
    expect(render(rule.AllowedOrigins[0])).not.toContain('*');
    expect(readable(policyOf('MaterialsBucket')?.Statement)).toEqual([denyPlainHttp('MaterialsBucket')]);
  });

  it('has no other bucket policy', () => {
    expect(resourcesOfType(json, 'AWS::S3::BucketPolicy').map(([, p]) => render(p.Properties.Bucket)).sort()).toEqual([
      '${MaterialsAccessLogs}', '${MaterialsBucket}', '${WebAccessLogs}', '${WebSite}',
    ]);
  });
});
