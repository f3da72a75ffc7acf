import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { cancelledBy, cancelledByCondition, conditionFailed, writeIf } from '../shared/table-writes';
import {
  accountKey, identityPointerKey, launchKey, linkedPointerKey, nonceKey, pickKey, relayKey, stateKey,
  type AccountItem, type LaunchItem, type LtiIdentity, type PickItem, type RelayItem, type StateItem,
} from './lti-items';
import { dynamoPlatformStore, type PlatformStore } from './platform-store';

const strip = <T>({ pk: _pk, sk: _sk, ...rest }: T & { pk: string; sk: string }) => rest as T;

/** The port the use cases take (login.ts, launch.ts, platforms.ts); dynamoLtiStore fills it. */
export interface LtiStore extends PlatformStore {
  /** The state and its nonce, both single use and expiring together. */
  beginLogin(state: string, item: StateItem): Promise<void>;
  login(state: string): Promise<StateItem | undefined>;
  /** Consumes state and nonce and records the launch under its ticket: false when either was already used. */
  completeLaunch(state: string, nonce: string, ticket: string, launch: LaunchItem): Promise<boolean>;
  /** The verified launch behind a ticket (consistent), spent or not. */
  launch(ticket: string): Promise<LaunchItem | undefined>;
  /** Spends the ticket: false when it was already spent (or expired). */
  takeLaunch(ticket: string, nowS: number): Promise<boolean>;
  account(identity: LtiIdentity): Promise<AccountItem | undefined>;
  /** Holds the identity's account creation until `claimUntil`: false when another request holds it or it exists. */
  claimAccount(identity: LtiIdentity, nowS: number, claimUntil: number): Promise<boolean>;
  /** Drops the identity's link to an account that no longer exists (only if it still names that account). */
  forgetAccount(identity: LtiIdentity, userId: string): Promise<void>;
  /** Records the account made under a claim (only if none is recorded yet). */
  settleAccount(identity: LtiIdentity, userId: string, desde: string): Promise<void>;
  /**
   * Spends the ticket and links the identity to an existing account, both once: 'hecho', or which
   * condition refused ('ticket': spent or expired; 'identidad': the identity has an account; 'cuenta': this
   * account is already linked through this registration). Nothing is written on a refusal.
   */
  linkAccount(ticket: string, identity: LtiIdentity, userId: string, nowS: number, desde: string): Promise<'hecho' | 'ticket' | 'identidad' | 'cuenta'>;
  /** Deep Linking's picker (picker.ts): opened once per deep-linking launch, read while the teacher picks, spent by the answer. */
  openPick(ticket: string, item: PickItem): Promise<void>;
  pick(ticket: string): Promise<PickItem | undefined>;
  /** False when it was already spent (or expired): the answer is signed once. */
  takePick(ticket: string, nowS: number): Promise<boolean>;
  /** Deep Linking's relay (relay.ts): made by a framed launch, filled once by its picker, taken once by its page. */
  openRelay(id: string, item: RelayItem): Promise<void>;
  relay(id: string): Promise<RelayItem | undefined>;
  /** Puts the signed answer: false when the relay is gone, expired or already filled. */
  fillRelay(id: string, jwt: string, nowS: number): Promise<boolean>;
  /** Deletes a filled, unexpired relay and answers it; undefined when there is none to take (or it waits for its answer). */
  takeRelay(id: string, nowS: number): Promise<RelayItem | undefined>;
}

export function dynamoLtiStore(db: DynamoDBDocumentClient, TableName: string): LtiStore {
  return {
    ...dynamoPlatformStore(db, TableName),
    async beginLogin(state, item) {
      await db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...stateKey(state), ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName, Item: { ...nonceKey(item.nonce), expiresAt: item.expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }));
    },
    async login(state) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: stateKey(state), ConsistentRead: true }));
      return Item && strip(Item as StateItem & { pk: string; sk: string });
    },
    completeLaunch: (state, nonce, ticket, launch) =>
      writeIf(db.send(new TransactWriteCommand({
        TransactItems: [
          // TTL deletes late: an expired item still there counts as gone.
          { Delete: { TableName, Key: stateKey(state), ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now', ExpressionAttributeValues: { ':now': Math.floor(clock.now().getTime() / 1000) } } },
          { Delete: { TableName, Key: nonceKey(nonce), ConditionExpression: 'attribute_exists(pk)' } },
          { Put: { TableName, Item: { ...launchKey(ticket), ...launch }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      })), cancelledByCondition),
    async launch(ticket) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: launchKey(ticket), ConsistentRead: true }));
      return Item && strip(Item as LaunchItem & { pk: string; sk: string });
    },
    takeLaunch: (ticket, nowS) =>
      writeIf(db.send(new DeleteCommand({ TableName, Key: launchKey(ticket), ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now', ExpressionAttributeValues: { ':now': nowS } }))),
    async account(identity) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: accountKey(identity), ConsistentRead: true }));
      return Item && strip(Item as AccountItem & { pk: string; sk: string });
    },
    claimAccount: (identity, nowS, claimUntil) =>
      writeIf(db.send(new PutCommand({
        TableName,
        Item: { ...accountKey(identity), claimUntil },
        // Nobody's yet, or a claim whose request gave up (never over an account that exists).
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(userId) AND claimUntil < :now)',
        ExpressionAttributeValues: { ':now': nowS },
      }))),
    async forgetAccount(identity, userId) {
      await writeIf(db.send(new DeleteCommand({ TableName, Key: accountKey(identity), ConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } })));
    },
    async settleAccount(identity, userId, desde) {
      try {
        // With its pointer in the account's partition (account deletion finds the identity by it).
        await db.send(new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName, Key: accountKey(identity),
                UpdateExpression: 'SET userId = :u, origen = :o, desde = :d REMOVE claimUntil',
                ConditionExpression: 'attribute_not_exists(userId)',
                ExpressionAttributeValues: { ':u': userId, ':o': 'creada', ':d': desde },
              },
            },
            { Put: { TableName, Item: { ...identityPointerKey(userId, identity), desde } } },
          ],
        }));
      } catch (error) {
        // Another request settled it first (after this one's claim passed): the same deterministic account.
        if (!cancelledBy(error, 0)) throw error;
      }
    },
    async linkAccount(ticket, identity, userId, nowS, desde) {
      try {
        await db.send(new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName, Key: launchKey(ticket), ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now', ExpressionAttributeValues: { ':now': nowS } } },
            { Put: { TableName, Item: { ...accountKey(identity), userId, origen: 'vinculada', desde }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...linkedPointerKey(userId, identity), issuer: identity.issuer, clientId: identity.clientId, deploymentId: identity.deploymentId, desde }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...identityPointerKey(userId, identity), desde } } },
          ],
        }));
        return 'hecho';
      } catch (error) {
        if (cancelledBy(error, 0)) return 'ticket';
        if (cancelledBy(error, 1)) return 'identidad';
        if (cancelledBy(error, 2)) return 'cuenta';
        throw error;
      }
    },
    async openPick(ticket, item) {
      await db.send(new PutCommand({ TableName, Item: { ...pickKey(ticket), ...item }, ConditionExpression: 'attribute_not_exists(pk)' }));
    },
    async pick(ticket) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: pickKey(ticket), ConsistentRead: true }));
      return Item && strip(Item as PickItem & { pk: string; sk: string });
    },
    takePick: (ticket, nowS) =>
      writeIf(db.send(new DeleteCommand({ TableName, Key: pickKey(ticket), ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now', ExpressionAttributeValues: { ':now': nowS } }))),
    async openRelay(id, item) {
      await db.send(new PutCommand({ TableName, Item: { ...relayKey(id), ...item }, ConditionExpression: 'attribute_not_exists(pk)' }));
    },
    async relay(id) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: relayKey(id), ConsistentRead: true }));
      return Item && strip(Item as RelayItem & { pk: string; sk: string });
    },
    fillRelay: (id, jwt, nowS) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: relayKey(id), UpdateExpression: 'SET jwt = :jwt',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(jwt) AND expiresAt > :now', ExpressionAttributeValues: { ':jwt': jwt, ':now': nowS },
      }))),
    async takeRelay(id, nowS) {
      try {
        const { Attributes } = await db.send(new DeleteCommand({
          TableName, Key: relayKey(id), ConditionExpression: 'attribute_exists(jwt) AND expiresAt > :now', ExpressionAttributeValues: { ':now': nowS }, ReturnValues: 'ALL_OLD',
        }));
        return Attributes && strip(Attributes as RelayItem & { pk: string; sk: string });
      } catch (error) {
        if (conditionFailed(error)) return undefined;
        throw error;
      }
    },
  };
}
