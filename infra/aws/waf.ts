import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routes } from '../../lambdas/contract/routes';
import { MODEL_ROUTE_GROUPS } from '../function-limits';
import { API_STAGE } from './api';

// The web ACL in front of CloudFront. CloudFront only takes a web ACL of scope CLOUDFRONT, which
// exists only in us-east-1: so it is a stack of its own there, whatever the app's region, and the
// app's stack reads its ARN through CDK's cross-region references (mentora-app.ts).

/** Requests per IP in any 5 minutes, over which WAF answers 403 until the rate falls again. */
export const WAF_RATE_LIMITS = { auth: 100, model: 300, share: 100 };

/** `/api/auth/`: every public sign-up, sign-in and code route (lambdas/contract/routes.ts). */
export const AUTH_PATH_PREFIX = `/${API_STAGE}/auth/`;

/** `/api/compartidos/`: the public shared-course read and its copy (issue 25, docs/sharing.md). */
export const SHARE_PATH_PREFIX = `/${API_STAGE}/compartidos/`;

/**
 * The POST routes of the groups that may call a model (infra/function-limits.ts MODEL_ROUTE_GROUPS),
 * as anchored regular expressions over the path CloudFront sees (`{param}` = one segment). WAF takes
 * at most 10 expressions of 200 characters in a set, so the routes are joined into alternations.
 */
export function modelRoutePatterns(maxLength = 200): string[] {
  const paths = [...new Set(routes.filter((r) => r.method === 'POST' && MODEL_ROUTE_GROUPS.includes(r.group)).map((r) => r.path.replace(/\{[^}]+\}/g, '[^/]+')))];
  const wrap = (group: string[]) => `^/${API_STAGE}(${group.join('|')})/?$`;
  const patterns: string[][] = [[]];
  for (const path of paths) {
    const last = patterns[patterns.length - 1];
    if (last.length && wrap([...last, path]).length > maxLength) patterns.push([path]);
    else last.push(path);
  }
  return patterns.map(wrap);
}

export interface WafStackProps extends StackProps {
  stage: string;
  /** The app's region, part of the names: two regions' deployments share us-east-1. */
  appRegion: string;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const managed = (name: string, priority: number, overrides: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ruleActionOverrides: overrides.length ? overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })) : undefined,
    },
  },
  visibilityConfig: visibility(name),
});

const rateLimit = (name: string, priority: number, limit: number, scopeDownStatement: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: {} },
  statement: { rateBasedStatement: { limit, evaluationWindowSec: 300, aggregateKeyType: 'IP', scopeDownStatement } },
  visibilityConfig: visibility(name),
});

export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const model = new wafv2.CfnRegexPatternSet(this, 'ModelRoutes', {
      scope: 'CLOUDFRONT',
      name: `mentora-${props.stage}-${props.appRegion}-model-routes`,
      description: 'POST routes that may call a model, from lambdas/contract/routes.ts',
      regularExpressionList: modelRoutePatterns(),
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      // WAF names are unique per account in us-east-1's CLOUDFRONT scope: stage and app region keep deployments apart.
      name: `mentora-${props.stage}-${props.appRegion}`,
      // WAF descriptions take letters, digits, spaces and = : # @ / - , . only.
      description: `Mentora ${props.stage} ${props.appRegion} - managed rules, per-IP rate limits on auth, model and shared-course routes`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`mentora-${props.stage}`),
      rules: [
        // SizeRestrictions_BODY stops bodies over 8 KB: Stripe's events and a lesson's progress can be
        // larger, and every route already refuses more than MAX_BODY_BYTES (64 KB) itself.
        // CrossSiteScripting_BODY would block a learner asking the tutor about `<script>` in a course on
        // the web: the API only ever answers JSON and the SPA renders text, never that HTML.
        managed('AWSManagedRulesCommonRuleSet', 0, ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 1),
        rateLimit('RateLimitAuth', 2, WAF_RATE_LIMITS.auth, {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: AUTH_PATH_PREFIX,
            textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
          },
        }),
        rateLimit('RateLimitModelRoutes', 3, WAF_RATE_LIMITS.model, {
          andStatement: {
            statements: [
              { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: 'POST', textTransformations: [{ priority: 0, type: 'NONE' }] } },
              { regexPatternSetReferenceStatement: { arn: model.attrArn, fieldToMatch: { uriPath: {} }, textTransformations: [{ priority: 0, type: 'LOWERCASE' }] } },
            ],
          },
        }),
        rateLimit('RateLimitSharedCourses', 4, WAF_RATE_LIMITS.share, {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: SHARE_PATH_PREFIX,
            textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
          },
        }),
      ],
    });
  }
}
