import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { routes } from '../../lambdas/contract/routes';
import { RESERVED_CONCURRENCY } from '../concurrency';
import { STREAM_FUNCTION_LIMITS } from '../function-limits';
import { groupWiring, type ApiResources } from './api-functions';
import { API_STAGE } from './api';
import { GroupFunction } from './group-function';
import { REPO_ROOT } from './lambda-bundling';

// The tutor's streamed answer (docs/tutor.md "Streaming"): lambdas/tutor/stream-handler.ts behind a
// Function URL in RESPONSE_STREAM mode, which no 30 s gateway cut applies to. The URL's auth type is
// AWS_IAM and only this site's CloudFront distribution may call it (origin access control, which
// signs each origin request with SigV4 and its own Authorization header): so the learner's Cognito
// token travels in `x-mentora-authorization` and the function verifies it. The HTTP API keeps the
// same route, not streamed, as a fallback (lambdas/contract/routes.ts `stream`).

export interface TutorStreamProps {
  resources: ApiResources;
  /** Without `clientId`, its one app client is read at cold start (lambdas/tutor/pool-client.ts). */
  userPool: cognito.IUserPool;
  /**
   * The app client whose access tokens it accepts, given at deploy time. Only when the site has its
   * own domain: the client's callback URL is then a literal. On the distribution's own name it would
   * close a cycle (client -> distribution -> Function URL -> function -> client).
   */
  clientId?: string;
  production: boolean;
  bundle?: boolean;
}

/** The headers the function reads; with OAC, `x-amz-content-sha256` must reach the signer too. */
const FORWARDED = ['x-mentora-authorization', 'x-amz-content-sha256', 'content-type', 'accept'];

export class TutorStream extends Construct {
  readonly fn: lambda.Function;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: TutorStreamProps) {
    super(scope, id);
    const limits = STREAM_FUNCTION_LIMITS.tutor!;
    const { resources } = props;
    const wiring = groupWiring.tutor ?? {};
    this.fn = new GroupFunction(this, 'Function', {
      entry: join(REPO_ROOT, 'lambdas', 'tutor', 'stream-handler.ts'),
      service: 'tutor-stream',
      environment: {
        TABLE_NAME: resources.table.tableName,
        COGNITO_ISSUER: resources.auth.issuer,
        // Absent, the function reads it from Cognito once per cold start (lambdas/tutor/pool-client.ts).
        ...(props.clientId ? { USER_POOL_CLIENT_ID: props.clientId } : {}),
        ...wiring.environment?.(resources),
      },
      memorySize: limits.memoryMb,
      timeout: Duration.seconds(limits.timeoutSeconds),
      reservedConcurrency: RESERVED_CONCURRENCY.tutorStream,
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    }).fn;
    // The same table items and models as the tutor's API function.
    wiring.grant?.(this.fn, resources);
    if (!props.clientId) {
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:ListUserPoolClients'], resources: [props.userPool.userPoolArn] }));
    }
    this.url = this.fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM, invokeMode: lambda.InvokeMode.RESPONSE_STREAM });
  }

  /**
   * CloudFront behaviours for every streamed route of the table, at its `/api` path: the Function
   * URL through OAC (the CDK adds lambda:InvokeFunctionUrl for this distribution only), uncached.
   */
  behaviors(scope: Construct, responseHeadersPolicy: cloudfront.IResponseHeadersPolicy): Record<string, cloudfront.BehaviorOptions> {
    const originRequestPolicy = new cloudfront.OriginRequestPolicy(scope, 'TutorStreamOriginRequest', {
      comment: 'Mentora tutor stream: the learner token, the payload hash OAC signs, content negotiation',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...FORWARDED),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    const origin = origins.FunctionUrlOrigin.withOriginAccessControl(this.url, { readTimeout: Duration.seconds(60) });
    const streamed = routes.filter((r) => r.stream && r.group === 'tutor');
    return Object.fromEntries(
      streamed.map((r) => [
        `/${API_STAGE}${r.path}`,
        {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy,
          responseHeadersPolicy,
          compress: false,
        },
      ]),
    );
  }
}
