import type { S3Event } from 'aws-lambda';
import * as z from 'zod';
import { tableBudget, tableMaterialAllowance, tableSpendCharge } from '../plans';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { bedrockEmbed } from './embeddings';
import { s3MaterialFiles } from './material-files';
import { dynamoMaterialStore } from './material-store';
import { processUpload } from './process-file';

// The materials bucket's ObjectCreated notification (infra/aws/materials-bucket.ts): each record is one
// uploaded file, processed by process-file.ts. Keys arrive URL-encoded, spaces as '+', as S3 sends them.

const config = readConfig({
  TABLE_NAME: tableName,
  MATERIALS_BUCKET: z.string().min(1),
  /** The function's timeout: how long a run's claim on a material holds. */
  PROCESS_LEASE_SECONDS: z.coerce.number().int().positive(),
});
const budget = tableBudget(config.TABLE_NAME);
const deps = {
  store: dynamoMaterialStore(documentClient(), config.TABLE_NAME),
  files: s3MaterialFiles(config.MATERIALS_BUCKET),
  allowance: tableMaterialAllowance(config.TABLE_NAME),
  embed: bedrockEmbed,
  charge: tableSpendCharge(config.TABLE_NAME),
  settle: (userId: string, reserva: string) => budget.settle(userId, reserva),
  now: clock.now,
  leaseSeconds: config.PROCESS_LEASE_SECONDS,
};

export const objectKeyOf = (encoded: string) => decodeURIComponent(encoded.replace(/\+/g, ' '));

export async function handler(event: S3Event, context?: { getRemainingTimeInMillis(): number }): Promise<void> {
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated:') || record.s3?.bucket?.name !== config.MATERIALS_BUCKET) continue;
    await processUpload(deps, objectKeyOf(record.s3.object.key), () => context?.getRemainingTimeInMillis() ?? Infinity);
  }
}
