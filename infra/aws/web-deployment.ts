import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../lambdas/contract/runtime-config';
import { REPO_ROOT } from './lambda-bundling';

export interface WebDeploymentProps {
  bucket: s3.IBucket;
  distribution: cloudfront.IDistribution;
  /** `/config.json`, from the stack's own resources (values may be tokens). */
  config: RuntimeConfig;
  /** The Vite build; defaults to web/dist. */
  webDist?: string;
}

const PLACEHOLDER = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mentora</title></head>
<body><main><h1>Mentora</h1><p>La aplicación web todavía no se ha publicado. Ejecuta <code>npm run deploy</code>, que la construye antes de desplegar.</p></main></body></html>`;

/**
 * Uploads the SPA and its runtime configuration. Hashed files under assets/ are cached for a year;
 * index.html, config.json and the rest are revalidated on every visit, so a deploy shows at once.
 */
export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebDeploymentProps) {
    super(scope, id);
    const dist = props.webDist ?? join(REPO_ROOT, 'web', 'dist');
    const built = existsSync(join(dist, 'index.html'));
    if (!built) {
      // A fresh clone can synth before building the web app; deploy a page that says so.
      Annotations.of(this).addWarningV2(
        'mentora:web-not-built',
        `${dist} has no index.html: deploying a placeholder page (npm run deploy builds the web app first).`,
      );
    }
    const config = deploy.Source.jsonData('config.json', props.config);
    const common = { destinationBucket: props.bucket, prune: false, memoryLimit: 512 };

    let assets: deploy.BucketDeployment | undefined;
    if (built && existsSync(join(dist, 'assets'))) {
      assets = new deploy.BucketDeployment(this, 'Assets', {
        ...common,
        sources: [deploy.Source.asset(join(dist, 'assets'))],
        destinationKeyPrefix: 'assets/',
        cacheControl: [deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      });
    }
    const entry = new deploy.BucketDeployment(this, 'Entry', {
      ...common,
      sources: [
        built ? deploy.Source.asset(dist, { exclude: ['assets', 'assets/**'] }) : deploy.Source.data('index.html', PLACEHOLDER),
        config,
      ],
      cacheControl: [deploy.CacheControl.fromString('no-cache')],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    // New index.html only after the assets it names are in place.
    if (assets) entry.node.addDependency(assets);
  }
}

/** The one Lambda the CDK shares between all BucketDeployments of a stack, and its role. */
export function acknowledgeBucketDeploymentHandler(stack: Stack, bucket: s3.IBucket) {
  const bucketArn = `<${stack.getLogicalId(bucket.node.defaultChild as never)}.Arn>`;
  // cdk-nag prints resolved names where the stack knows them (an env-specific region) and the
  // pseudo parameter otherwise.
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    Validations.of(child).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK BucketDeployment handler: the basic execution policy only lets it write its own logs.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK BucketDeployment handler: its runtime is chosen and upgraded by aws-cdk-lib.',
      },
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: 'CDK BucketDeployment handler: copies the build from the CDK assets bucket into the site bucket (grantReadWrite on those two buckets only).',
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'CDK BucketDeployment handler: cloudfront:CreateInvalidation/GetInvalidation, which it calls after each upload, support no resource-level scoping here.',
      },
      ...[`Resource::${bucketArn}/*`, `Resource::arn:${partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*`].map(
        (resource) => ({
          id: `AwsSolutions-IAM5[${resource}]`,
          reason: 'CDK BucketDeployment handler: object-level access is limited to the site bucket and the CDK assets bucket.',
        }),
      ),
    );
  }
}
