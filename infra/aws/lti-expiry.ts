import { Duration } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { EXPIRY_EVERY_MINUTES } from '../../lambdas/lti/registration-expiry';
import { LTI_EXPIRY_FUNCTION_LIMITS } from '../function-limits';
import { grantItems } from './api-functions';
import { GroupFunction } from './group-function';
import { REPO_ROOT } from './lambda-bundling';
import { grantFrameStore } from './lti-frames';
import { everyFewMinutes } from './scheduled-function';

export interface LtiExpiryProps {
  table: dynamodb.ITable;
  /** The registrations' frame origins (lti-frames.ts): an expiry withdraws its key, a retry publishes one. */
  frames?: cloudfront.IKeyValueStore;
  production: boolean;
  /** `false` only in template tests (placeholder code instead of an esbuild bundle). */
  bundle?: boolean;
}

/**
 * The LTI queue's run (lambdas/lti/expiry-handler.ts, docs/lti.md "How many registrations"): EventBridge Scheduler
 * invokes it every EXPIRY_EVERY_MINUTES; it reads the LTIEXPIRY partition's due entries (a Query, never a Scan) and
 * deletes the expired unproven registrations with their counts and frame-store keys, gives back stale domain
 * reservations and retries failed frame-store publications.
 */
export class LtiExpiry extends Construct {
  readonly fn: lambda.Function;
  readonly schedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: LtiExpiryProps) {
    super(scope, id);
    this.fn = new GroupFunction(this, 'Function', {
      entry: join(REPO_ROOT, 'lambdas', 'lti', 'expiry-handler.ts'),
      service: 'lti-expiry',
      environment: { TABLE_NAME: props.table.tableName, ...(props.frames && { LTI_FRAME_STORE_ARN: props.frames.keyValueStoreArn }) },
      memorySize: LTI_EXPIRY_FUNCTION_LIMITS.memoryMb,
      timeout: Duration.seconds(LTI_EXPIRY_FUNCTION_LIMITS.timeoutSeconds),
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    }).fn;
    // The queue (Query), the registration (GetItem), and the transactions that delete it, its pointer and its queue
    // entry and update its counts (authorized per item action); a retry's record on the registration (UpdateItem).
    grantItems(this.fn, props.table, 'GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem');
    if (props.frames) grantFrameStore(this.fn, props.frames);
    this.schedule = everyFewMinutes(this, this.fn, EXPIRY_EVERY_MINUTES, `Deletes unproven LTI registrations past their expiry and retries failed frame-store publications (every ${EXPIRY_EVERY_MINUTES} minutes).`);
  }
}
