import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { queryAll, queryPages } from '../shared/table-query';
import { refused, writeIf } from '../shared/table-writes';
import { bucketOf, type ActivityBucket } from './activity';
import type { CardContent, CardItem } from './cards';
import { replayPut, type Replay } from './replays';
import type { StoredFsrs } from './scheduling';

// Review cards and activity buckets, in the learner's partition (docs/review.md):
//   USER#<sub> / REVIEW#<cardId>   the card; gsi2pk = REVIEWDUE#<sub>, gsi2sk = <due ISO>#<cardId>
//   USER#<sub> / REVIEWSRC#<claveOrigen>  which card a question already made (the card id is random)
//   USER#<sub> / ACT#<bucket>      lessons completed + cards reviewed in a 15-minute UTC bucket
//   USER#<sub> / REVIEWNEW#<day>   new cards first rated that UTC day (the daily cap on new cards)
// gsi2 holds only items that set gsi2pk (cards here, Stripe customers elsewhere): "due now" is
// one Query of the learner's due keys up to now, oldest first, with no Scan and no filter on others.

const cardSk = (cardId: string) => `REVIEW#${cardId}`;
/** The dedupe marker: the same question twice makes one card, though card ids are random. */
export const SOURCE_PREFIX = 'REVIEWSRC#';
const dueKey = (userId: string) => `REVIEWDUE#${userId}`;
const dueSort = (due: string, cardId: string) => `${due}#${cardId}`;
/** Activity buckets outlive the streak window a little; TTL removes them on AWS. */
const ACTIVITY_TTL_DAYS = 410;

export interface CardStore {
  /** Writes cards that do not exist yet; an existing card keeps its schedule. */
  addCards: (userId: string, cards: CardContent[], first: StoredFsrs, now: Date) => Promise<number>;
  due: (userId: string, now: Date, courseId?: string) => Promise<CardItem[]>;
  get: (userId: string, cardId: string) => Promise<CardItem | undefined>;
  /**
   * The new schedule and one unit of activity together, and the outbox's replay record when the rating
   * carries a key (replays.ts); false when another rating (or the same key) got there first.
   */
  rate: (userId: string, card: CardItem, next: StoredFsrs, now: Date, replay?: { key: string; record: Replay }) => Promise<boolean>;
  addActivity: (userId: string, now: Date) => Promise<void>;
  /** New cards first rated today (UTC): what the daily cap on new cards has used. */
  newToday: (userId: string, now: Date) => Promise<number>;
  /** When the next card not due yet falls due (the learner's next session), if any. */
  nextDue: (userId: string, now: Date) => Promise<string | undefined>;
  /** A module's review: the course's cards of modules before `moduleId` not due yet, soonest first. */
  upcoming: (userId: string, now: Date, courseId: string, moduleId: string, limit: number) => Promise<CardItem[]>;
  activitySince: (userId: string, since: Date) => Promise<ActivityBucket[]>;
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const newCountKey = (userId: string, now: Date) => ({ pk: userPk(userId), sk: `REVIEWNEW#${dayOf(now)}` });
/** One more new card rated today; the counter expires with the activity buckets' TTL. */
const newCountUpdate = (TableName: string, userId: string, now: Date) => ({
  TableName,
  Key: newCountKey(userId, now),
  UpdateExpression: 'ADD #n :one SET expiresAt = :exp',
  ExpressionAttributeNames: { '#n': 'n' },
  ExpressionAttributeValues: { ':one': 1, ':exp': Math.floor(now.getTime() / 1000) + 2 * 86_400 },
});

const activityUpdate = (TableName: string, userId: string, now: Date) => ({
  TableName,
  Key: { pk: userPk(userId), sk: `ACT#${bucketOf(now)}` },
  UpdateExpression: 'ADD #n :one SET expiresAt = :exp',
  ExpressionAttributeNames: { '#n': 'n' },
  ExpressionAttributeValues: { ':one': 1, ':exp': Math.floor(now.getTime() / 1000) + ACTIVITY_TTL_DAYS * 86_400 },
});

export function dynamoCardStore(db: DynamoDBDocumentClient, TableName: string): CardStore {
  return {
    async addCards(userId, cards, first, now) {
      // Marker and card in one transaction: a question already carded (the marker exists) writes nothing.
      const written = await Promise.all(
        cards.map((c) =>
          writeIf(
            db.send(
              new TransactWriteCommand({
                TransactItems: [
                  { Put: { TableName, Item: { pk: userPk(userId), sk: `${SOURCE_PREFIX}${c.claveOrigen}`, cardId: c.cardId }, ConditionExpression: 'attribute_not_exists(pk)' } },
                  {
                    Put: {
                      TableName,
                      Item: { pk: userPk(userId), sk: cardSk(c.cardId), gsi2pk: dueKey(userId), gsi2sk: dueSort(first.due, c.cardId), ...c, fsrs: first, createdAt: now.toISOString() },
                      ConditionExpression: 'attribute_not_exists(pk)',
                    },
                  },
                ],
              }),
            ),
            refused,
          ),
        ),
      );
      return written.filter(Boolean).length;
    },
    due(userId, now, courseId) {
      return queryAll<CardItem>(db, {
        TableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :k AND gsi2sk <= :now',
        ...(courseId && { FilterExpression: 'courseId = :c' }),
        ExpressionAttributeValues: { ':k': dueKey(userId), ':now': `${now.toISOString()}#~`, ...(courseId && { ':c': courseId }) },
      });
    },
    async get(userId, cardId) {
      const out = await db.send(new GetCommand({ TableName, Key: { pk: userPk(userId), sk: cardSk(cardId) }, ConsistentRead: true }));
      return out.Item as CardItem | undefined;
    },
    async rate(userId, card, next, now, replay) {
      const rated = await writeIf(
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName,
                  Key: { pk: userPk(userId), sk: cardSk(card.cardId) },
                  UpdateExpression: 'SET fsrs = :next, gsi2sk = :due, updatedAt = :now',
                  // Two tabs rating the same showing of a card count it once.
                  ConditionExpression: 'fsrs.reps = :reps',
                  ExpressionAttributeValues: { ':next': next, ':due': dueSort(next.due, card.cardId), ':now': now.toISOString(), ':reps': card.fsrs.reps },
                },
              },
              { Update: activityUpdate(TableName, userId, now) },
              ...(replay ? [{ Put: replayPut(TableName, userId, replay.key, replay.record, now) }] : []),
            ],
          }),
        ),
        refused,
      );
      // A new card's first rating counts against the day's cap on new cards (issue 34 item 4): one more
      // write by the rating that won. Not a third item of the transaction: with one, the local DynamoDB
      // engine let both of two racing ratings through (noticed, not investigated: docs/review.md).
      if (rated && card.fsrs.reps === 0) await db.send(new UpdateCommand(newCountUpdate(TableName, userId, now)));
      return rated;
    },
    async newToday(userId, now) {
      const out = await db.send(new GetCommand({ TableName, Key: newCountKey(userId, now), ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'n' } }));
      return Number(out.Item?.n ?? 0);
    },
    async nextDue(userId, now) {
      const out = await db.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :k AND gsi2sk > :now',
          ExpressionAttributeValues: { ':k': dueKey(userId), ':now': `${now.toISOString()}#~` },
          ProjectionExpression: 'fsrs',
          Limit: 1,
        }),
      );
      return (out.Items?.[0] as Pick<CardItem, 'fsrs'> | undefined)?.fsrs.due;
    },
    async upcoming(userId, now, courseId, moduleId, limit) {
      const found: CardItem[] = [];
      for await (const page of queryPages<CardItem>(db, {
        TableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :k AND gsi2sk > :now',
        FilterExpression: 'courseId = :c AND moduleId < :m',
        ExpressionAttributeValues: { ':k': dueKey(userId), ':now': `${now.toISOString()}#~`, ':c': courseId, ':m': moduleId },
      })) {
        found.push(...page);
        if (found.length >= limit) break;
      }
      return found.slice(0, limit);
    },
    async addActivity(userId, now) {
      await db.send(new UpdateCommand(activityUpdate(TableName, userId, now)));
    },
    async activitySince(userId, since) {
      const items = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':from': `ACT#${bucketOf(since)}`, ':to': 'ACT#~' },
        ProjectionExpression: 'sk, #n',
        ExpressionAttributeNames: { '#n': 'n' },
      });
      return items.map((i) => ({ bucket: String(i.sk).slice(4), count: Number(i.n ?? 0) }));
    },
  };
}
