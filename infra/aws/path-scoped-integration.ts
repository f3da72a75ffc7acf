import type { HttpRouteIntegrationBindOptions } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';

/**
 * A route group's Lambda integration that grants API Gateway one invoke permission per path, not per
 * route. The CDK's HttpLambdaIntegration adds a permission at every route it is bound to, scoped to
 * `<api>/*\/*<path>` (any stage, any method): the GET, PUT and DELETE of one path got three identical
 * permissions. CloudFormation allows 500 resources in a stack, and the production stack reached 506 with
 * the LTI registrations' and roster's routes (da3b999, cb8061e): the 15 repeated permissions were waste,
 * each identical to one kept. The rule test/infra/iam-grants.test.ts pins is unchanged: only this API,
 * on that route's path only. The first route of a path keeps its permission's logical id.
 */
export class PathScopedLambdaIntegration extends HttpLambdaIntegration {
  private readonly permittedPaths = new Set<string>();

  protected override completeBind(options: HttpRouteIntegrationBindOptions): void {
    const path = options.route.path ?? '';
    if (this.permittedPaths.has(path)) return;
    this.permittedPaths.add(path);
    super.completeBind(options);
  }
}
