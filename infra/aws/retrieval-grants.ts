import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { EMBEDDING_MODEL_ID } from '../../lambdas/materials';

// Issue 24 part 2: the Lambdas that retrieve from a learner's materials (the pipeline's Lesson task,
// the tutor) embed the question with the materials' model: InvokeModel on that model only, in the
// stack's region. Their passages are read with the Query they are granted on the table.

export function grantRetrievalEmbeddings(role: iam.IGrantable) {
  const stack = Stack.of(role.grantPrincipal as unknown as IConstruct);
  return iam.Grant.addToPrincipal({
    grantee: role,
    actions: ['bedrock:InvokeModel'],
    resourceArns: [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${EMBEDDING_MODEL_ID}`],
  });
}
