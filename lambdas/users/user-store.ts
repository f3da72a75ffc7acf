import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UpdateProfileRequest, User } from '../contract';
import { userPk } from '../shared/table';

const PROFILE = 'PROFILE';

/** Where learners live: one item per learner at (USER#sub, PROFILE). */
export interface UserStore {
  get(userId: string): Promise<User | undefined>;
  /** Creates the learner on first sight, or refreshes the identity fields; one round trip. */
  ensure(identity: { id: string; email: string; nombre: string }): Promise<User>;
  updateProfile(userId: string, changes: UpdateProfileRequest): Promise<User | undefined>;
}

type Item = User & { pk: string; sk: string; updatedAt: string };

export const toUser = (item: Record<string, unknown>): User => {
  const { id, email, nombre, plan, intereses, bio, createdAt, perfilPublico } = item as Item;
  return {
    id, email, nombre, plan: plan ?? { nombre: 'gratuito' }, intereses: intereses ?? [], bio: bio ?? '', createdAt,
    ...(typeof perfilPublico === 'boolean' && { perfilPublico }),
  };
};

export function dynamoUserStore(db: DynamoDBDocumentClient, tableName: string): UserStore {
  const key = (userId: string) => ({ pk: userPk(userId), sk: PROFILE });
  return {
    async get(userId) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId) }));
      return out.Item && toUser(out.Item);
    },

    async ensure({ id, email, nombre }) {
      const now = new Date().toISOString();
      // if_not_exists keeps what the learner chose (their nombre, plan, interests) on later sign-ins.
      const out = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(id),
          UpdateExpression:
            'SET id = :id, email = :email, nombre = if_not_exists(nombre, :nombre), #plan = if_not_exists(#plan, :plan), ' +
            'intereses = if_not_exists(intereses, :empty), bio = if_not_exists(bio, :blank), ' +
            'createdAt = if_not_exists(createdAt, :now), updatedAt = :now',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: {
            ':id': id,
            ':email': email,
            ':nombre': nombre,
            ':plan': { nombre: 'gratuito' },
            ':empty': [],
            ':blank': '',
            ':now': now,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toUser(out.Attributes!);
    },

    async updateProfile(userId, changes) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':now': new Date().toISOString() };
      const sets = ['updatedAt = :now'];
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
      try {
        const out = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toUser(out.Attributes!);
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
        throw error;
      }
    },
  };
}
