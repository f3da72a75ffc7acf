import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// Deleting many items by key (an account's partition, an LMS aula's grade items): BatchWriteItem takes 25
// requests at a time and may hand some back unprocessed when the table throttles.

type Key = { pk: string; sk: string };

const BATCH = 25;
const ATTEMPTS = 8;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Deletes every key, 25 at a time; what comes back unprocessed is asked again with a short backoff, at most 8 times. */
export async function deleteKeys(db: DynamoDBDocumentClient, TableName: string, keys: Key[], pause: (ms: number) => Promise<unknown> = wait) {
  for (let i = 0; i < keys.length; i += BATCH) {
    let requests = keys.slice(i, i + BATCH).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt === ATTEMPTS) throw new Error(`${requests.length} deletes still unprocessed after ${ATTEMPTS} attempts`);
      // Unprocessed items mean throttling: back off a little before asking again.
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: requests } }));
      requests = (out.UnprocessedItems?.[TableName] ?? []) as typeof requests;
    }
  }
}
