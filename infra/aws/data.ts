import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE } from '../../lambdas/shared/table';

export interface MentoraDataProps {
  /** Production keeps the table on stack deletion and refuses to delete it. */
  production: boolean;
}

/** The single DynamoDB table described by lambdas/shared/table.ts (docs/data-model.md). */
export class MentoraData extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: MentoraDataProps) {
    super(scope, id);
    const str = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(TABLE.partitionKey),
      sortKey: str(TABLE.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // Caches and daily counters expire on their own; reads still check expiresAt (TTL deletes late).
      timeToLiveAttribute: TABLE.ttlAttribute,
      deletionProtection: props.production,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
