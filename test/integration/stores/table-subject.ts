import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';

// The local stack's table (DynamoDB Local behind the stack's DynamoDB endpoint), for running the store
// cases of test/support/store-cases against the real DynamoDB stores.

export const localTable = table;

/** A learner's profile item as sign-up writes it: gratuito, no Stripe customer. */
export async function putProfile(userId: string, plan: 'gratuito' | 'premium' = 'gratuito') {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { pk: `USER#${userId}`, sk: 'PROFILE', id: userId, email: `${userId}@example.com`, nombre: userId, plan: { nombre: plan } } }));
}
