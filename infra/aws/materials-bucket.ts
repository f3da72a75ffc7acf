import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { MATERIALS_PROCESSOR_LIMITS } from '../function-limits';
import { grantItems } from './api-functions';
import { GroupFunction } from './group-function';
import { grantEmbeddingModel, grantMaterialObjects, MATERIALS_PREFIX } from './materials-grants';
import { REPO_ROOT } from './lambda-bundling';

// The originals of learners' uploaded materials (issue 24, docs/materials.md): a private bucket,
// encrypted at rest (SSE-S3) and in transit (enforceSSL), written only through presigned POST forms
// the materials Lambda signs, and an ObjectCreated notification that runs the processor.

export interface MaterialsBucketProps {
  table: dynamodb.ITable;
  /** The site's origin: the only one CORS lets post a form or read a document. */
  siteOrigin: string;
  production: boolean;
  bundle?: boolean;
}

export class MaterialsBucket extends Construct {
  readonly bucket: s3.Bucket;
  readonly processor: lambda.Function;
  /**
   * `https://<bucket>.s3.<region>.amazonaws.com`, where the browser posts a form: built from the bucket's
   * fixed name and pseudo parameters, not from the bucket resource, so the site's CSP can name it while the
   * bucket's CORS names the site (a reference both ways would be a circular dependency).
   */
  readonly uploadOrigin: string;

  constructor(scope: Construct, id: string, props: MaterialsBucketProps) {
    super(scope, id);
    const logs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(props.production ? 365 : 30) }],
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(logs).acknowledge({ id: 'AwsSolutions-S1', reason: 'The access-log destination of the materials bucket; logging it would log itself.' });

    const stack = Stack.of(this);
    const bucketName = `${stack.stackName.toLowerCase()}-materials-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    this.uploadOrigin = `https://${bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'materials/',
      // No versions: a deleted material's original is gone at once (DELETE /materials/{id}, account deletion).
      versioned: false,
      lifecycleRules: [
        // An object lives as long as its material: deleted with it by the API. This rule only bounds
        // what no material owns (a form posted after its material was deleted is removed by the processor).
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Narrated lessons (issue 26, docs/narration.md) live under narration/ as long as their job's TTL
        // (lambdas/narration NARRATION_KEEP_DAYS): a regenerated lesson's old audio simply expires.
        { id: 'narration-audio-expires', prefix: 'narration/', expiration: Duration.days(30) },
      ],
      cors: [{
        allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
        allowedOrigins: [props.siteOrigin],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag', 'Location'],
        maxAge: 3000,
      }],
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.processor = new GroupFunction(this, 'Processor', {
      entry: join(REPO_ROOT, 'lambdas', 'materials', 'process-upload.ts'),
      service: 'materials-processor',
      environment: {
        TABLE_NAME: props.table.tableName,
        MATERIALS_BUCKET: this.bucket.bucketName,
        PROCESS_LEASE_SECONDS: String(MATERIALS_PROCESSOR_LIMITS.timeoutSeconds),
      },
      memorySize: MATERIALS_PROCESSOR_LIMITS.memoryMb,
      timeout: Duration.seconds(MATERIALS_PROCESSOR_LIMITS.timeoutSeconds),
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    }).fn;
    // The material and its passages (BatchWriteItem), the plan (PROFILE), the month's spend (a transaction with checks).
    grantItems(this.processor, props.table, 'GetItem', 'UpdateItem', 'Query', 'BatchWriteItem', 'ConditionCheckItem');
    grantEmbeddingModel(this.processor);
    // Reads the upload, writes the copy the document link serves (documentKey, issue 31), deletes either.
    grantMaterialObjects(this.processor, this.bucket, 's3:GetObject', 's3:PutObject', 's3:DeleteObject');
    this.bucket.addEventNotification(s3.EventType.OBJECT_CREATED_POST, new s3n.LambdaDestination(this.processor), { prefix: MATERIALS_PREFIX });
    // The CDK's one BucketNotifications handler of the stack (a custom resource that sets the notification).
    for (const child of Stack.of(this).node.children.filter((c) => c.node.id.startsWith('BucketNotificationsHandler'))) {
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's bucket-notifications handler: the basic execution policy only lets it write its own logs.",
      });
    }
  }
}
