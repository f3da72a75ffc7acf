import { paymentsStoreCases } from '../../support/store-cases/payments-store';
import { memoryStore } from './fakes';

// The in-memory payments store the use-case tests use, held to the DynamoDB store's cases
// (the same cases run against the real store in test/integration/stores/).
describe('the in-memory payments store', () => {
  paymentsStoreCases(async () => memoryStore());
});
