import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { EMBEDDING_MODEL_ID } from '../../lambdas/materials';

// What the Lambdas that touch learners' materials may do (issue 24): the API's materials group, the
// upload processor (materials-bucket.ts) and account deletion (users). Least privilege, one place.

/** Where the objects live: `materials/<sub>/<materialId>` (lambdas/materials/material-items.ts). */
export const MATERIALS_PREFIX = 'materials/';

/** InvokeModel on the embedding model only (lambdas/materials/embeddings.ts), in the stack's region. */
export function grantEmbeddingModel(role: iam.IGrantable) {
  const stack = Stack.of(role.grantPrincipal as unknown as IConstruct);
  return iam.Grant.addToPrincipal({
    grantee: role,
    actions: ['bedrock:InvokeModel'],
    resourceArns: [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${EMBEDDING_MODEL_ID}`],
  });
}

/**
 * Object actions under `materials/` only. A presigned POST is authorised as the signer's s3:PutObject;
 * the keys hold learners' ids known only at run time, hence the prefix wildcard.
 */
export function grantMaterialObjects(role: iam.IGrantable, bucket: s3.IBucket, ...actions: string[]) {
  const grant = iam.Grant.addToPrincipal({ grantee: role, actions, resourceArns: [bucket.arnForObjects(`${MATERIALS_PREFIX}*`)] });
  Validations.of(role as unknown as IConstruct).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/${MATERIALS_PREFIX}*]`,
    reason: "Objects are keyed by the learner's id and a material id minted at run time; only the materials prefix of this bucket.",
  });
  return grant;
}
