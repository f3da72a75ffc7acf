import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';

// What the Lambdas that touch narrated audio may do (issue 26, docs/narration.md): the API's narration
// group (Polly, and the audio under narration/ of the private materials bucket) and account deletion
// (users: list and delete the learner's narration/<sub>/). Least privilege, one place.

/** Where the audio lives: `narration/<sub>/…` and `narration/samples/<voice>.mp3` (lambdas/narration). */
export const NARRATION_PREFIX = 'narration/';

const bucketId = (bucket: s3.IBucket) => Stack.of(bucket).getLogicalId(bucket.node.defaultChild as s3.CfnBucket);

/**
 * Object actions under `narration/` only. Polly's StartSpeechSynthesisTask writes its output with the
 * caller's permissions (s3:PutObject); HeadObject is authorised as s3:GetObject.
 */
export function grantNarrationObjects(role: iam.IGrantable, bucket: s3.IBucket, ...actions: string[]) {
  const grant = iam.Grant.addToPrincipal({ grantee: role, actions, resourceArns: [bucket.arnForObjects(`${NARRATION_PREFIX}*`)] });
  Validations.of(role as unknown as IConstruct).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucketId(bucket)}.Arn>/${NARRATION_PREFIX}*]`,
    reason: "Audio is keyed by the learner's id, the lesson and a content hash known only at run time; only the narration prefix of this bucket.",
  });
  return grant;
}

/**
 * ListBucket (what ListObjectsV2 is authorised as) on the bucket, only for keys under `narration/`:
 * account deletion finds a learner's audio by its prefix, since no item names every object (a tutor
 * answer's MP3, a retried job's first output).
 */
export function grantNarrationList(role: iam.IGrantable, bucket: s3.IBucket) {
  return role.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn], conditions: { StringLike: { 's3:prefix': `${NARRATION_PREFIX}*` } } }),
  );
}

/**
 * Polly's synthesis calls. They take no resource but a lexicon (Mentora uses none) and
 * GetSpeechSynthesisTask none at all, so IAM can only name them on `*`.
 */
export function grantPolly(role: iam.IGrantable) {
  const grant = iam.Grant.addToPrincipal({
    grantee: role,
    actions: ['polly:SynthesizeSpeech', 'polly:StartSpeechSynthesisTask', 'polly:GetSpeechSynthesisTask'],
    resourceArns: ['*'],
  });
  Validations.of(role as unknown as IConstruct).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: "Polly's SynthesizeSpeech and StartSpeechSynthesisTask are scoped only by lexicons (none used) and GetSpeechSynthesisTask by nothing.",
  });
  return grant;
}
