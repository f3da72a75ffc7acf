import { usageStoreCases } from '../../support/store-cases/usage-store';
import { memoryUsageStore } from './fakes';

// The in-memory plan counters, held to the DynamoDB store's cases (also run in test/integration/stores/).
describe('the in-memory usage store', () => {
  usageStoreCases(async () => memoryUsageStore());
});
