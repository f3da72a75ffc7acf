import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { QualityCheck } from './text-checks';

// How often each prompt version's output fails a text check, for operators (docs/operations.md):
// one counter item per prompt version and check, read with a Query on its key, never a Scan.
//   pk = CALIDAD#<promptVersion>   sk = CHECK#<idioma|relleno|estructura>
//   detectados: answers that failed the check (each got a repair turn)
//   fallidos:   answers still failing after the repair (nothing stored)

export type QualityOutcome = 'detectado' | 'fallido';
export interface QualityCounters {
  record(promptVersion: string, check: QualityCheck, outcome: QualityOutcome): Promise<void>;
}

export const qualityKey = (promptVersion: string, check: QualityCheck) => ({ pk: `CALIDAD#${promptVersion}`, sk: `CHECK#${check}` });

export function dynamoQualityCounters(db: DynamoDBDocumentClient, TableName: string): QualityCounters {
  return {
    async record(promptVersion, check, outcome) {
      await db.send(
        new UpdateCommand({
          TableName,
          Key: qualityKey(promptVersion, check),
          UpdateExpression: 'ADD #n :one SET promptVersion = :v, #c = :c, updatedAt = :now',
          ExpressionAttributeNames: { '#n': outcome === 'detectado' ? 'detectados' : 'fallidos', '#c': 'check' },
          ExpressionAttributeValues: { ':one': 1, ':v': promptVersion, ':c': check, ':now': new Date().toISOString() },
        }),
      );
    },
  };
}

/** Counters that count nothing: for callers that have no table (tests, the quality report). */
export const noQualityCounters: QualityCounters = { record: () => Promise.resolve() };
