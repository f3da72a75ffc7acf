import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { ModelIds } from '../../lambdas/shared/ai/models';
import type { PaymentsResources } from './payments';

/** What the stack hands to the group wiring; optional members arrive with later issues. */
export interface ApiResources {
  table: dynamodb.ITable;
  auth: { userPoolClientId: string; issuer: string };
  /** EXTENSION POINT (courses): the course-generation state machine from infra/aws/course-pipeline.ts. */
  courseWorkflow?: sfn.IStateMachine;
  /** The model-jobs state machine (infra/aws/model-jobs.ts): model calls the API does not wait on. */
  modelJobs?: sfn.IStateMachine;
  /** Bedrock model (or cross-region inference profile) ids, by purpose (lambdas/shared/ai/models.ts). */
  bedrock: ModelIds;
  /** Payments (infra/aws/payments.ts): the Stripe secret (by ARN), price ids and the site origin. */
  payments?: PaymentsResources;
  /** The originals of uploaded materials (infra/aws/materials-bucket.ts). */
  materialsBucket?: s3.IBucket;
  /** The contact form's operators' topic (infra/aws/support.ts). */
  contactTopic?: sns.ITopic;
  /** The LTI tool's private keys (infra/aws/lti-keys.ts), read by ARN. */
  ltiKeys?: secrets.ISecret;
  /** The LMS scores' state machine (infra/aws/lms-scores.ts): evaluations queue a score, aulas retry one. */
  lmsScores?: sfn.IStateMachine;
  /** The registrations' frame origins (infra/aws/lti-frames.ts): the lti Lambda fills it, CloudFront reads it. */
  ltiFrames?: cloudfront.IKeyValueStore;
}
