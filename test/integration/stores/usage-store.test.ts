import { dynamoUsageStore } from '../../../lambdas/plans/usage-store';
import { usageStoreCases } from '../../support/store-cases/usage-store';
import { localTable, putProfile } from './table-subject';

// The plan counters (courses per month, tutor messages per day) on the real store and engine.
describe('the DynamoDB usage store', () => {
  usageStoreCases(async () => {
    const { db, name } = localTable();
    return { store: dynamoUsageStore(db, name), setPlan: (userId, plan) => putProfile(userId, plan) };
  });
});
