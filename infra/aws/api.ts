import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { routeKey, routes, type HttpMethod, type RouteGroup } from '../../lambdas/contract/routes';
import { RESERVED_CONCURRENCY } from '../concurrency';
import { API_FUNCTION_LIMITS } from '../function-limits';
import { groupWiring, type ApiResources } from './api-functions';
import { GroupFunction } from './group-function';
import { groupEntry } from './lambda-bundling';
import { PathScopedLambdaIntegration } from './path-scoped-integration';

/** The stage name doubles as the path prefix, so CloudFront forwards `/api/*` unchanged. */
export const API_STAGE = 'api';

/** The stage's default throttle (every route shares it), requests per second. */
export const STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 };
/**
 * Each public `/auth/*` route, across all callers: they create accounts, send emails and call
 * Cognito, whose own quotas are lower than the stage's. Per-IP limits are the WAF's (infra/aws/waf.ts).
 */
export const AUTH_ROUTE_THROTTLE = { rateLimit: 20, burstLimit: 40 };
/**
 * Each `/compartidos/*` route (issue 25, docs/sharing.md), across all callers: the shared-course read
 * is public, so it is held well below the stage; per-IP limits are the WAF's (RateLimitSharedCourses).
 */
export const SHARE_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 };

export interface MentoraApiProps {
  resources: ApiResources;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  production: boolean;
  /** Steady-state requests per second and burst, for the whole stage. */
  throttle?: { rateLimit: number; burstLimit: number };
  /** See GroupFunctionProps.bundle. */
  bundle?: boolean;
  /**
   * The site's host and an ACM certificate for it in this stack's region: the API gets a regional
   * custom domain of the same name, CloudFront reaches it with the viewer's Host, and the default
   * execute-api endpoint is disabled, so the WAF in front of CloudFront is the only door.
   */
  customDomain?: { domainName: string; certificateArn: string };
  /** Emergency switch (docs/operations.md): keep the execute-api endpoint even with a custom domain. */
  executeApiEndpoint?: boolean;
}

const METHODS: Record<HttpMethod, apigw.HttpMethod> = {
  GET: apigw.HttpMethod.GET,
  POST: apigw.HttpMethod.POST,
  PUT: apigw.HttpMethod.PUT,
  DELETE: apigw.HttpMethod.DELETE,
};

/**
 * The HTTP API (payload 2.0), derived from the route table: one Lambda per route group
 * (`lambdas/<group>/handler.ts`), and Cognito's JWT authorizer on every authenticated route.
 */
export class MentoraApi extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /**
   * The CloudFront origin: the custom domain's regional target (`d-….execute-api.<region>.amazonaws.com`,
   * reached with the site's Host) when there is one, else `<apiId>.execute-api.<region>.amazonaws.com`.
   */
  readonly originDomain: string;
  /** True when CloudFront must send the viewer's Host (the API's custom domain is the site's name). */
  readonly originNeedsHost: boolean;
  readonly functions = new Map<RouteGroup, GroupFunction>();
  /**
   * The origin secret: CloudFront's `/api/*` origin sends it as `x-mentora-origin` (a dynamic
   * reference in the template, never its value) and every API Lambda refuses a request without it
   * (lambdas/shared/http.ts), so the API's custom domain reached by SNI around CloudFront answers 403.
   */
  readonly originSecret: secrets.Secret;

  constructor(scope: Construct, id: string, props: MentoraApiProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const custom = props.customDomain;
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Mentora API (served at /api through CloudFront)',
      createDefaultStage: false,
      // Without its default endpoint the API answers only on its custom domain, which only CloudFront
      // (and its WAF) knows how to reach; no custom domain means no other way in, so it stays on.
      disableExecuteApiEndpoint: Boolean(custom) && !props.executeApiEndpoint,
    });
    if (!custom) {
      Annotations.of(this).addWarningV2('mentora:execute-api-open', 'No siteDomain/apiCertificateArn in context: the API stays reachable at its execute-api address, around the WAF (docs/deploy.md).');
    }
    this.originSecret = new secrets.Secret(this, 'OriginSecret', {
      description: 'Mentora: the value CloudFront sends to the API as x-mentora-origin (docs/operations.md "Origin secret")',
      // Header-safe characters only; Secrets Manager generates it at deploy, so it never exists in code.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotated by the operator (docs/operations.md): CloudFront reads it at deploy, so a rotation Lambda would refuse CloudFront until the next deploy; the API accepts the current and the previous version.',
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.production ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('Stage', {
      stageName: API_STAGE,
      autoDeploy: true,
      throttle: props.throttle ?? STAGE_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            responseLength: '$context.responseLength',
          }),
        ),
      },
    });
    if (custom) {
      const domain = new apigw.DomainName(this, 'Domain', {
        domainName: custom.domainName,
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', custom.certificateArn),
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
      // The mapping key is the stage's name, so `/api/x` on the custom domain is route `/x`, as before.
      new apigw.ApiMapping(this, 'Mapping', { api: this.httpApi, domainName: domain, stage: this.stage, apiMappingKey: API_STAGE });
      this.originDomain = domain.regionalDomainName;
    } else {
      this.originDomain = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    }
    this.originNeedsHost = Boolean(custom);

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    const integrations = new Map<RouteGroup, PathScopedLambdaIntegration>();
    const integrationFor = (group: RouteGroup) => {
      let integration = integrations.get(group);
      if (!integration) {
        const fn = this.groupFunction(group, props);
        // No `timeout`: HTTP API's default is its 30 s maximum (HTTP_API_INTEGRATION_TIMEOUT_SECONDS,
        // what the local gateway cuts at); the CDK refuses to state more than 29 s.
        integration = new PathScopedLambdaIntegration(`${group}Integration`, fn.fn);
        integrations.set(group, integration);
      }
      return integration;
    };

    // CloudFormation's RouteSettings is a plain JSON map: CDK passes its keys through as written.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of routes) {
      const authenticated = route.access === 'authenticated';
      const [created] = this.httpApi.addRoutes({
        path: route.path,
        methods: [METHODS[route.method]],
        integration: integrationFor(route.group),
        authorizer: authenticated ? authorizer : undefined,
      });
      if (!authenticated) {
        Validations.of(created).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (route table): it is how a learner gets or ends a session.`,
        });
      }
      const throttle = route.path.startsWith('/auth/') ? AUTH_ROUTE_THROTTLE : route.path.startsWith('/compartidos/') ? SHARE_ROUTE_THROTTLE : undefined;
      if (throttle) {
        routeSettings[routeKey(route)] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
        // A route setting names a route key, which must exist before the stage is updated.
        this.stage.node.addDependency(created);
      }
    }
    (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings;
  }

  private groupFunction(group: RouteGroup, props: MentoraApiProps): GroupFunction {
    const wiring = groupWiring[group] ?? {};
    const limits = API_FUNCTION_LIMITS[group];
    const { resources } = props;
    const fn = new GroupFunction(this, `${group[0].toUpperCase()}${group.slice(1)}Function`, {
      entry: groupEntry(group),
      service: group,
      environment: { TABLE_NAME: resources.table.tableName, ORIGIN_SECRET_ARN: this.originSecret.secretArn, ...wiring.environment?.(resources) },
      memorySize: limits.memoryMb,
      timeout: Duration.seconds(limits.timeoutSeconds),
      reservedConcurrency: RESERVED_CONCURRENCY.api[group],
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    });
    wiring.grant?.(fn.fn, resources);
    this.originSecret.grantRead(fn.fn);
    this.functions.set(group, fn);
    return fn;
  }
}
