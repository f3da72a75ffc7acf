import { AssetHashType, DockerImage, Duration, RemovalPolicy, Validations, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lambda-bundling';
import { prebuilt } from './lambda-prebuild';

export interface GroupFunctionProps {
  /** The entry file, exporting `handler`: `lambdas/<group>/handler.ts` for the API, another for the other Lambdas. */
  entry: string;
  /** Powertools service name: the route group. */
  service: string;
  environment: Record<string, string>;
  memorySize: number;
  timeout: Duration;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  production: boolean;
  /** Reserved concurrency (infra/concurrency.ts); applied in production only, where the account's quota holds it. */
  reservedConcurrency?: number;
  /**
   * `false` skips esbuild and deploys a placeholder: only for tests that inspect the template.
   * `npm run synth` and deploys always bundle.
   */
  bundle: boolean;
}

/**
 * The local esbuild with the options scripts/build-lambdas.ts uses (lambda-bundling.ts), code splitting
 * included, which NodejsFunction cannot do (it passes esbuild one --outfile). `entry` is a field so the
 * asset's cache key, which CDK derives from the bundling options, differs per function.
 */
class LocalEsbuild implements ILocalBundling {
  constructor(readonly entry: string) {}
  tryBundle(outputDir: string): boolean {
    // Built with every other function of the synth, once (lambda-prebuild.ts): copied.
    const ready = prebuilt(this.entry);
    if (ready) {
      cpSync(ready, outputDir, { recursive: true });
      return true;
    }
    // In a child process: esbuild's synchronous API, the only one a CDK bundling step can call, runs no plugins.
    execFileSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra', 'aws', 'lambda-build-one.ts'), this.entry, outputDir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return true;
  }
}

/** One route group's Lambda: Node 22 on Graviton, bundled by the local esbuild (never Docker). */
export class GroupFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: GroupFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.production ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const common = {
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      ...(props.production && props.reservedConcurrency !== undefined && { reservedConcurrentExecutions: props.reservedConcurrency }),
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      // X-Ray: Lambda traces each invocation; Powertools Tracer (lambdas/shared/observability.ts) adds
      // the handler's subsegment, its annotations and the DynamoDB calls.
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: props.service,
        POWERTOOLS_LOG_LEVEL: props.logLevel,
        POWERTOOLS_METRICS_NAMESPACE: 'Mentora',
        // No NODE_OPTIONS=--enable-source-maps: it costs about a third more module init on every cold
        // start. The .map ships beside the bundle; set it on one function when debugging a trace.
      },
    };
    this.fn = props.bundle
      ? new lambda.Function(this, 'Function', {
          ...common,
          handler: 'index.handler',
          code: lambda.Code.fromAsset(REPO_ROOT, {
            // Hashed from the bundle, not from the repository: a deploy changes only the functions whose code changed.
            assetHashType: AssetHashType.OUTPUT,
            bundling: {
              local: new LocalEsbuild(props.entry),
              // Never pulled: LocalEsbuild always bundles or throws.
              image: DockerImage.fromRegistry('mentora-bundles-locally'),
            },
          }),
        })
      : new lambda.Function(this, 'Function', {
          ...common,
          handler: 'index.handler',
          code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 501 });'),
        });

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The basic execution policy only lets the function write its own CloudWatch logs.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'nodejs22.x is the runtime the code is developed and tested on (DESIGN §6); moving to a newer one is a tested upgrade, not a drift.',
      },
    );
  }
}
