import { connectionStoreCases } from '../../support/store-cases/connection-store';
import { memoryConnections } from './fakes';

// The in-memory connection store, held to the DynamoDB store's cases (also run in test/integration/stores/).
describe('the in-memory connection store', () => {
  connectionStoreCases(async () => memoryConnections().store);
});
