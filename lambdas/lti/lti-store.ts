import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { cancelledByCondition, writeIf } from '../shared/table-writes';
import {
  CLIENT_PREFIX, DYNAMIC_OWNER, launchKey, nonceKey, ownerPointerKey, platformKey, platformPk, stateKey,
  type LaunchItem, type PlatformItem, type StateItem,
} from './lti-items';

const strip = <T>({ pk: _pk, sk: _sk, ...rest }: T & { pk: string; sk: string }) => rest as T;

/** The port the use cases take (login.ts, launch.ts, platforms.ts); dynamoLtiStore fills it. */
export interface LtiStore {
  platform(issuer: string, clientId: string): Promise<PlatformItem | undefined>;
  /** Every registration of an issuer (at most a few): a login initiation without client_id picks the only one. */
  platformsOf(issuer: string): Promise<PlatformItem[]>;
  /** False when the issuer already registered that client id (first one stays). */
  register(platform: PlatformItem): Promise<boolean>;
  /** The state and its nonce, both single use and expiring together. */
  beginLogin(state: string, item: StateItem): Promise<void>;
  login(state: string): Promise<StateItem | undefined>;
  /** Consumes state and nonce and records the launch under its ticket: false when either was already used. */
  completeLaunch(state: string, nonce: string, ticket: string, launch: LaunchItem): Promise<boolean>;
}

export function dynamoLtiStore(db: DynamoDBDocumentClient, TableName: string): LtiStore {
  return {
    async platform(issuer, clientId) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: platformKey(issuer, clientId) }));
      return Item && strip(Item as PlatformItem & { pk: string; sk: string });
    },
    async platformsOf(issuer) {
      const { Items = [] } = await db.send(new QueryCommand({
        TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ExpressionAttributeValues: { ':pk': platformPk(issuer), ':c': CLIENT_PREFIX }, Limit: 2,
      }));
      return Items.map((i) => strip(i as PlatformItem & { pk: string; sk: string }));
    },
    register: (platform) =>
      writeIf(db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...platformKey(platform.issuer, platform.clientId), ...platform }, ConditionExpression: 'attribute_not_exists(pk)' } },
          // A dynamic registration has no Mentora account behind it: no pointer.
          ...(platform.ownerId === DYNAMIC_OWNER ? [] : [{ Put: { TableName, Item: { ...ownerPointerKey(platform.ownerId, platform.issuer, platform.clientId), issuer: platform.issuer, clientId: platform.clientId } } }]),
        ],
      })), cancelledByCondition),
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
  };
}
