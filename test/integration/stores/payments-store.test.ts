import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoPaymentsStore } from '../../../lambdas/payments/payments-store';
import { paymentsStoreCases } from '../../support/store-cases/payments-store';
import { localTable, putProfile } from './table-subject';

// The webhook's ordering rules and the customer link's transaction on the real store and engine
// (the same cases hold the unit tests' in-memory store to them).
describe('the DynamoDB payments store', () => {
  paymentsStoreCases(async () => {
    const { db, name } = localTable();
    return {
      store: dynamoPaymentsStore(db, name),
      addLearner: (userId) => putProfile(userId),
      dropLink: async (userId) => void (await db.send(new DeleteCommand({ TableName: name, Key: { pk: `USER#${userId}`, sk: 'STRIPE_CUSTOMER' } }))),
    };
  });
});
