import { dynamoPaymentsStore } from '../../../lambdas/payments/payments-store';
import { paymentsStoreCases } from '../../support/store-cases/payments-store';
import { localTable, putProfile } from './table-subject';

// The webhook's ordering and once-only rules on the real store and engine (the same cases hold
// the unit tests' in-memory store to them).
describe('the DynamoDB payments store', () => {
  paymentsStoreCases(async () => {
    const { db, name } = localTable();
    return { store: dynamoPaymentsStore(db, name), addLearner: (userId) => putProfile(userId) };
  });
});
