import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routes, type HttpMethod } from '../../lambdas/contract/routes';
import { API_STAGE } from './api';

// The web ACL in front of CloudFront. CloudFront only takes a web ACL of scope CLOUDFRONT, which
// exists only in us-east-1: so it is a stack of its own there, whatever the app's region, and the
// app's stack reads its ARN through CDK's cross-region references (mentora-app.ts).

/** Requests per IP in any 5 minutes, over which WAF answers 403 until the rate falls again. `spend`: all spending routes together. */
export const WAF_RATE_LIMITS = { auth: 100, spend: 300, share: 100 };

/** `/api/auth/`: every public sign-up, sign-in and code route (lambdas/contract/routes.ts). */
export const AUTH_PATH_PREFIX = `/${API_STAGE}/auth/`;

/** `/api/compartidos/`: the public shared-course read and its copy (issue 25, docs/sharing.md). */
export const SHARE_PATH_PREFIX = `/${API_STAGE}/compartidos/`;

/**
 * The routes that spend (a model, Polly, an upload and its processing: `spends` in lambdas/contract/routes.ts),
 * per method, as anchored regular expressions over the path CloudFront sees (`{param}` = one segment). WAF
 * takes at most 10 expressions of 200 characters in a set, so the routes are joined into alternations.
 */
export function spendingRoutePatterns(maxLength = 200): Partial<Record<HttpMethod, string[]>> {
  const byMethod: Partial<Record<HttpMethod, string[]>> = {};
  for (const method of [...new Set(routes.filter((r) => r.spends).map((r) => r.method))]) {
    const paths = [...new Set(routes.filter((r) => r.spends && r.method === method).map((r) => r.path.replace(/\{[^}]+\}/g, '[^/]+')))];
    const wrap = (group: string[]) => `^/${API_STAGE}(${group.join('|')})/?$`;
    const patterns: string[][] = [[]];
    for (const path of paths) {
      const last = patterns[patterns.length - 1];
      if (last.length && wrap([...last, path]).length > maxLength) patterns.push([path]);
      else last.push(path);
    }
    byMethod[method] = patterns.map(wrap);
  }
  return byMethod;
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
    // One pattern set per method, so a spending POST is counted and the free GET of the same path (a
    // narration's state) is not; one rule over all of them, so the limit is one budget per IP.
    const spending = Object.entries(spendingRoutePatterns()).map(([method, patterns]): wafv2.CfnWebACL.StatementProperty => {
      const set = new wafv2.CfnRegexPatternSet(this, `SpendingRoutes${method[0]}${method.slice(1).toLowerCase()}`, {
        scope: 'CLOUDFRONT',
        name: `mentora-${props.stage}-${props.appRegion}-spending-${method.toLowerCase()}`,
        description: `${method} routes that spend a model, Polly or an upload, from lambdas/contract/routes.ts`,
        regularExpressionList: patterns,
      });
      return {
        andStatement: {
          statements: [
            { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: method, textTransformations: [{ priority: 0, type: 'NONE' }] } },
            { regexPatternSetReferenceStatement: { arn: set.attrArn, fieldToMatch: { uriPath: {} }, textTransformations: [{ priority: 0, type: 'LOWERCASE' }] } },
          ],
        },
      };
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      // WAF names are unique per account in us-east-1's CLOUDFRONT scope: stage and app region keep deployments apart.
      name: `mentora-${props.stage}-${props.appRegion}`,
      // WAF descriptions take letters, digits, spaces and = : # @ / - , . only.
      description: `Mentora ${props.stage} ${props.appRegion} - managed rules, per-IP rate limits on auth, spending and shared-course routes`,
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
        rateLimit('RateLimitSpendingRoutes', 3, WAF_RATE_LIMITS.spend, spending.length > 1 ? { orStatement: { statements: spending } } : spending[0]),
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
