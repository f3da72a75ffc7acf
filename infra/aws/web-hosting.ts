import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { API_STAGE } from './api';
import { ltiFrameFunctionCode } from '../lti-frame-function';
import { contentSecurityPolicy } from '../site-policy';
import { LTI_FRAMED_PATHS, LTI_FRAMED_SPA_PATHS, NOINDEX_PATHS, SiteHeaders } from './site-headers';
import type { TutorStream } from './tutor-stream';

export interface WebHostingProps {
  /** The API's origin (infra/aws/api.ts `originDomain`): `/api/*` goes there unchanged. */
  apiOriginDomain: string;
  /** Forward the viewer's Host: the API answers on a custom domain named as the site (api.ts). */
  apiOriginNeedsHost?: boolean;
  /** Headers CloudFront adds to every `/api/*` request: the origin secret (infra/aws/api.ts), as a dynamic reference. */
  apiOriginHeaders?: Record<string, string>;
  /** Cognito Hosted UI host, allowed by the CSP. */
  hostedDomain: string;
  /** The private bucket's origin (uploads, narration audio and marks), allowed by the CSP's connect-src and media-src. */
  bucketOrigins?: string[];
  /** Serve on this host with this ACM certificate (us-east-1) instead of the cloudfront.net name. */
  customDomain?: { domainName: string; certificateArn: string };
  production: boolean;
  /** The tutor's streamed answer: its path goes to this Function URL, before `/api/*`. */
  tutorStream?: TutorStream;
  /** The WAF web ACL (infra/aws/waf.ts, us-east-1) in front of the whole distribution. */
  webAclArn?: string;
  /** The registrations' frame origins (infra/aws/lti-frames.ts): /lti/entrar may be framed by those, per registration. */
  ltiFrames?: cloudfront.IKeyValueStore;
}

// Extension-less paths are client-side routes of the SPA: serve index.html for them. Done here and
// not with custom error responses, which would also turn the API's real 404s into the SPA.
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('.', uri.lastIndexOf('/')) === -1) request.uri = '/index.html';
  return request;
}`;

/** Private S3 bucket behind CloudFront (origin access control), with the API on the same origin. */
export class WebHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://host`, no trailing slash. */
  readonly siteOrigin: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const logs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(props.production ? 365 : 30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is the access-log destination of the site bucket and CloudFront; logging it would log itself.',
    });

    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      // The build is reproducible, but a non-empty bucket would make stack deletion fail.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const headers = new SiteHeaders(this, 'Headers', {
      hostedDomain: props.hostedDomain,
      region: Stack.of(this).region,
      bucketOrigins: props.bucketOrigins,
    });
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes',
    });

    const custom = props.customDomain;
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const spaBehavior = (responseHeadersPolicy: cloudfront.IResponseHeadersPolicy, viewerResponse?: cloudfront.IFunction): cloudfront.BehaviorOptions => ({
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      compress: true,
      functionAssociations: [
        { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ...(viewerResponse ? [{ function: viewerResponse, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE }] : []),
      ],
    });
    // /lti/entrar inside the LMS's iframe: its CSP and X-Frame-Options are the function's, by the registration the
    // address names in the store (infra/lti-frame-function.ts); the framable policy adds the other headers only (no
    // X-Frame-Options, its CSP only where none is set: whichever order CloudFront applies them in, the function's stand).
    const ltiFrame = props.ltiFrames && new cloudfront.Function(this, 'LtiFrame', {
      code: cloudfront.FunctionCode.fromInline(ltiFrameFunctionCode(props.ltiFrames.keyValueStoreId, contentSecurityPolicy({ hostedDomain: props.hostedDomain, region: Stack.of(this).region, bucketOrigins: props.bucketOrigins }))),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      keyValueStore: props.ltiFrames,
      comment: 'Lets the registered LTI platform frame /lti/entrar and /lti/elegir',
    });
    // One origin for the API's behaviours: the path is forwarded as is (the HTTP API stage is named `api`, so /api/x hits route /x).
    const apiOrigin = new origins.HttpOrigin(props.apiOriginDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: props.apiOriginHeaders,
    });
    const apiBehavior = (responseHeadersPolicy: cloudfront.IResponseHeadersPolicy): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Every viewer header (Authorization included). Host too when the API's custom domain is the
      // site's name (CloudFront then checks the API's certificate against it); otherwise Host must
      // name the execute-api host, which API Gateway refuses any other name for.
      originRequestPolicy: props.apiOriginNeedsHost ? cloudfront.OriginRequestPolicy.ALL_VIEWER : cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Mentora',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      domainNames: custom ? [custom.domainName] : undefined,
      certificate: custom ? acm.Certificate.fromCertificateArn(this, 'Certificate', custom.certificateArn) : undefined,
      minimumProtocolVersion: custom ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: spaBehavior(headers.policy),
      additionalBehaviors: {
        // A shared course's page and an aula invitation are for the link's holders: their HTML says
        // noindex in a header too, not only in the meta tag the page sets once rendered.
        ...Object.fromEntries(NOINDEX_PATHS.map((path) => [path, spaBehavior(headers.noindexPolicy)])),
        // Exact streamed paths first: CloudFront takes the first behaviour whose pattern matches.
        ...props.tutorStream?.behaviors(this, headers.policy),
        // Its CSP and X-Frame-Options are the function's: the framable policy adds neither over them.
        // /lti/entrar and Deep Linking's picker /lti/elegir, by the registration their `marco` names.
        ...(ltiFrame && Object.fromEntries(LTI_FRAMED_SPA_PATHS.map((path) => [path, spaBehavior(headers.ltiLaunchPolicy, ltiFrame)]))),
        // The LTI pages an LMS frames (the login's storage page, the launch's, the registration's close page, Deep
        // Linking's answer, whose own CSP also lets its one form go to the LMS), by their platform only
        // (site-headers.ts); exact paths, so before /api/*.
        ...Object.fromEntries(LTI_FRAMED_PATHS.map((path) => [`/${API_STAGE}${path}`, apiBehavior(headers.ltiLaunchPolicy)])),
        [`/${API_STAGE}/*`]: apiBehavior(headers.policy),
      },
    });
    this.siteOrigin = `https://${custom ? custom.domainName : this.distribution.distributionDomainName}`;

    const acks = [
      { id: 'AwsSolutions-CFR1', reason: 'Mentora serves Spanish speakers worldwide; no country is excluded.' },
    ];
    if (!props.webAclArn) {
      acks.push({ id: 'AwsSolutions-CFR2', reason: 'Built without its WAF stack (a template test of this stack alone); the app always passes the web ACL of infra/aws/waf.ts.' });
    }
    if (!custom) {
      acks.push({
        id: 'AwsSolutions-CFR4',
        reason: 'Without siteDomain/certificateArn the distribution uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with a custom domain TLSv1.2_2021 applies.',
      });
      Annotations.of(this).addInfo('No siteDomain in context: the site is served at its cloudfront.net address.');
    }
    Validations.of(this.distribution).acknowledge(...acks);
  }
}
