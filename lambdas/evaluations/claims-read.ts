import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// The ledger read of a draw (issue 40 item 3): only the keys of the questions the draw could use,
// never the whole ledger. BatchGetItem in DynamoDB's chunks of 100 keys, read in parallel and
// strongly consistent (a claim written a moment ago must be seen), asking again for what DynamoDB
// left unprocessed under load with a short back-off.

type Key = { pk: string; sk: string };
const CHUNK = 100;
const ATTEMPTS = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sort keys among `keys` that exist (one partition: the ledger's). */
export async function existingKeys(db: DynamoDBDocumentClient, TableName: string, keys: Key[]): Promise<Set<string>> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const read = async (part: Key[]) => {
    const found: string[] = [];
    let left = part;
    for (let attempt = 0; left.length; attempt++) {
      if (attempt === ATTEMPTS) throw new Error(`${left.length} claim keys still unprocessed after ${ATTEMPTS} attempts`);
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      const out = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: left, ConsistentRead: true, ProjectionExpression: 'sk' } } }));
      found.push(...((out.Responses?.[TableName] ?? []) as { sk: string }[]).map((i) => i.sk));
      left = (out.UnprocessedKeys?.[TableName]?.Keys ?? []) as Key[];
    }
    return found;
  };
  const parts = Array.from({ length: Math.ceil(unique.length / CHUNK) }, (_, i) => unique.slice(i * CHUNK, (i + 1) * CHUNK));
  return new Set((await Promise.all(parts.map(read))).flat());
}
