import { BatchGetCommand, UpdateCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeIf } from '../shared/table-writes';
import type { ItemSums, WithdrawalReason } from './item-quality';

// Item statistics across learners (issue 41 item 3; docs/data-model.md "Item statistics"): one item
// per question text, `ITEM#<itemKey>` / `STATS`, outside every learner's partition (it holds sums,
// never a learner id, so an account deletion has nothing to take from it). Each graded answer is ONE
// UpdateItem of ADDs on its item (the attempt's answers in parallel: one round trip), answering the
// new sums, so nothing is ever read again to update difficulty or discrimination.

const key = (itemKey: string) => ({ pk: `ITEM#${itemKey}`, sk: 'STATS' });
const GET_CHUNK = 100;
/** gsi1 partition of the items statistics withdrew: the operators' queue next to the learners' reports. */
export const WITHDRAWN_QUEUE = 'RETIRADAS';

export interface ItemState extends ItemSums {
  /** Set once statistics or the bank balance withdrew the item from every bank's draws. */
  retirada?: WithdrawalReason;
}

export interface ItemStatsStore {
  /** Adds one answer per item (x right or not, r its attempt's rest score); answers each item's sums after the write. */
  add(answers: { itemKey: string; x: number; r: number }[], now: number): Promise<Record<string, ItemState>>;
  /** Withdraws the item from every bank's draws; true only for the write that did it. */
  withdraw(itemKey: string, motivo: WithdrawalReason, now: number): Promise<boolean>;
  /** The state of the items that have one (one BatchGetItem per 100). */
  read(itemKeys: string[]): Promise<Record<string, ItemState>>;
}

const stateOf = (item: Record<string, unknown> | undefined): ItemState => ({
  n: Number(item?.n ?? 0),
  ok: Number(item?.ok ?? 0),
  r: Number(item?.r ?? 0),
  rr: Number(item?.rr ?? 0),
  xr: Number(item?.xr ?? 0),
  ...(typeof item?.retirada === 'string' && { retirada: item.retirada as WithdrawalReason }),
});
// Sums of fractions: kept to 6 decimals so DynamoDB's decimal numbers never see a binary float's tail.
const fixed = (v: number) => Math.round(v * 1e6) / 1e6;

export function dynamoItemStats(db: DynamoDBDocumentClient, TableName: string): ItemStatsStore {
  return {
    async add(answers, now) {
      const out = await Promise.all(
        answers.map(async (a) => {
          const res = await db.send(
            new UpdateCommand({
              TableName,
              Key: key(a.itemKey),
              UpdateExpression: 'ADD n :one, ok :x, r :r, rr :rr, xr :xr SET actualizadoEn = :t',
              ExpressionAttributeValues: { ':one': 1, ':x': a.x, ':r': fixed(a.r), ':rr': fixed(a.r * a.r), ':xr': fixed(a.x * a.r), ':t': new Date(now).toISOString() },
              ReturnValues: 'ALL_NEW',
            }),
          );
          return [a.itemKey, stateOf(res.Attributes)] as const;
        }),
      );
      return Object.fromEntries(out);
    },

    withdraw(itemKey, motivo, now) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: key(itemKey),
            // Queued for the operators with the reports: gsi1 `RETIRADAS`, newest last (docs/operations.md).
            UpdateExpression: 'SET retirada = :m, retiradaEn = :t, gsi1pk = :q, gsi1sk = :t',
            ConditionExpression: 'attribute_not_exists(retirada)',
            ExpressionAttributeValues: { ':m': motivo, ':t': new Date(now).toISOString(), ':q': WITHDRAWN_QUEUE },
          }),
        ),
      );
    },

    async read(itemKeys) {
      const unique = [...new Set(itemKeys)];
      const found: Record<string, ItemState> = {};
      for (let i = 0; i < unique.length; i += GET_CHUNK) {
        let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + GET_CHUNK).map(key);
        while (keys?.length) {
          const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: keys } } }));
          for (const item of out.Responses?.[TableName] ?? []) found[String(item.pk).slice('ITEM#'.length)] = stateOf(item);
          keys = out.UnprocessedKeys?.[TableName]?.Keys;
        }
      }
      return found;
    },
  };
}
