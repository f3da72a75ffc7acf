import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// BatchGetItem and BatchWriteItem in DynamoDB's chunks (100 keys, 25 writes), asking again for what
// DynamoDB left unprocessed under load, with a short back-off.

type Key = { pk: string; sk: string };
const GET_CHUNK = 100;
const WRITE_CHUNK = 25;
const ATTEMPTS = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chunks = <T>(all: T[], size: number) => Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size));

/** Every item found among `keys` (absent ones are simply missing); the chunks are read in parallel. */
export async function batchGet<T = Record<string, unknown>>(db: DynamoDBDocumentClient, TableName: string, keys: Key[], projection?: string): Promise<(T & Key)[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const names = projection ? Object.fromEntries(projection.split(',').map((p, i) => [`#p${i}`, p.trim()])) : undefined;
  const request = (Keys: Key[]) => ({ Keys, ...(names && { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }) });
  const read = async (part: Key[]) => {
    const found: (T & Key)[] = [];
    let left = part;
    for (let attempt = 0; left.length; attempt++) {
      if (attempt === ATTEMPTS) throw new Error(`${left.length} keys still unprocessed after ${ATTEMPTS} attempts`);
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      const out = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: request(left) } }));
      found.push(...((out.Responses?.[TableName] ?? []) as (T & Key)[]));
      left = (out.UnprocessedKeys?.[TableName]?.Keys ?? []) as Key[];
    }
    return found;
  };
  return (await Promise.all(chunks(unique, GET_CHUNK).map(read))).flat();
}

/** Puts and deletes, 25 per call, in order of the chunks. */
export async function batchWrite(db: DynamoDBDocumentClient, TableName: string, requests: ({ PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } })[]) {
  for (const part of chunks(requests, WRITE_CHUNK)) {
    let left: Record<string, unknown>[] = part;
    for (let attempt = 0; left.length; attempt++) {
      if (attempt === ATTEMPTS) throw new Error(`${left.length} writes still unprocessed after ${ATTEMPTS} attempts`);
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: left } }));
      left = out.UnprocessedItems?.[TableName] ?? [];
    }
  }
}
