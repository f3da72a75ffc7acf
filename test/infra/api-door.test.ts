import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { FULL_CONTEXT, nagFindings, resourcesOfType, synthMentora, type CfnTemplate } from './synth-mentora';

// Issue 20 item 6: the WAF is the only door. With the site's domain and a regional certificate the
// HTTP API answers only on its custom domain (default execute-api endpoint disabled), and CloudFront,
// behind the WAF, reaches it with the site's Host. docs/operations.md: how to get in in an emergency.

const REGIONAL_CERT = 'arn:aws:acm:eu-west-1:123456789012:certificate/66666666-7777-8888-9999-000000000000';

const httpApi = (json: CfnTemplate) => resourcesOfType(json, 'AWS::ApiGatewayV2::Api')[0][1].Properties;
const apiBehavior = (json: CfnTemplate) => {
  const [[, dist]] = resourcesOfType(json, 'AWS::CloudFront::Distribution');
  const config = dist.Properties.DistributionConfig;
  const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
  return { behavior, origin: config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId) };
};

describe('the API behind CloudFront only', () => {
  let synth: ReturnType<typeof synthMentora>;
  beforeAll(() => {
    synth = synthMentora({ ...FULL_CONTEXT, apiCertificateArn: REGIONAL_CERT });
  });

  it('disables the default execute-api endpoint', () => {
    expect(httpApi(synth.json).DisableExecuteApiEndpoint).toBe(true);
  });

  it('answers on a regional custom domain named as the site, /api mapped to the stage', () => {
    const [[domainId, domain]] = resourcesOfType(synth.json, 'AWS::ApiGatewayV2::DomainName');
    expect(domain.Properties).toMatchObject({
      DomainName: FULL_CONTEXT.siteDomain,
      DomainNameConfigurations: [expect.objectContaining({ CertificateArn: REGIONAL_CERT, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' })],
    });
    const [[, mapping]] = resourcesOfType(synth.json, 'AWS::ApiGatewayV2::ApiMapping');
    expect(mapping.Properties).toMatchObject({ ApiMappingKey: 'api', DomainName: { Ref: domainId } });
    const { origin, behavior } = apiBehavior(synth.json);
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalDomainName'] });
    // The site's Host goes with the request: it names the custom domain and its certificate.
    expect(behavior.OriginRequestPolicyId).toBe(cloudfront.OriginRequestPolicy.ALL_VIEWER.originRequestPolicyId);
  });

  it('keeps the tutor\'s Function URL behind IAM auth, signed by CloudFront\'s origin access control', () => {
    const urls = resourcesOfType(synth.json, 'AWS::Lambda::Url');
    expect(urls.map(([, u]) => u.Properties.AuthType)).toEqual(['AWS_IAM']);
    expect(resourcesOfType(synth.json, 'AWS::CloudFront::OriginAccessControl').map(([, o]) => o.Properties.OriginAccessControlConfig.OriginAccessControlOriginType)).toContain('lambda');
  });

  it('adds no cdk-nag finding', () => {
    expect(nagFindings(synth.app).errors).toEqual([]);
  });

  it('turns the endpoint back on only with the emergency flag', () => {
    const open = synthMentora({ ...FULL_CONTEXT, apiCertificateArn: REGIONAL_CERT, executeApiEndpoint: 'enabled' });
    expect(httpApi(open.json).DisableExecuteApiEndpoint).toBe(false);
  });

  it('says so at synth when there is no custom domain and the endpoint has to stay', () => {
    const dev = synthMentora({ stage: 'dev' });
    expect(httpApi(dev.json).DisableExecuteApiEndpoint).toBe(false);
    expect(apiBehavior(dev.json).behavior.OriginRequestPolicyId).toBe(cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(Annotations.fromStack(dev.stack).findWarning('*', Match.stringLikeRegexp('execute-api address, around the WAF'))).not.toHaveLength(0);
  });
});
