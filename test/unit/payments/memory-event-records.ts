import { IdempotencyItemAlreadyExistsError, IdempotencyItemNotFoundError } from '@aws-lambda-powertools/idempotency';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';

/**
 * Powertools Idempotency persistence in memory, with the DynamoDB layer's put condition (a record
 * may be overwritten when absent, expired, or INPROGRESS past its lease), so the unit tests run the
 * real Powertools lease logic. The DynamoDB layer itself is exercised by test/integration/payments.
 */
export class MemoryEventRecords extends BasePersistenceLayer {
  readonly records = new Map<string, IdempotencyRecord>();

  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const old = this.records.get(record.idempotencyKey);
    const now = Date.now();
    const leaseOver = old?.getStatus() === 'INPROGRESS' && old.inProgressExpiryTimestamp !== undefined && old.inProgressExpiryTimestamp < now;
    if (old && !old.isExpired() && !leaseOver) throw new IdempotencyItemAlreadyExistsError(`exists: ${record.idempotencyKey}`, old);
    this.records.set(record.idempotencyKey, record);
  }

  protected async _getRecord(key: string): Promise<IdempotencyRecord> {
    const record = this.records.get(key);
    if (!record) throw new IdempotencyItemNotFoundError();
    return record;
  }

  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    this.records.set(record.idempotencyKey, record);
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    this.records.delete(record.idempotencyKey);
  }
}
