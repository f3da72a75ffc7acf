import { tutorStoreCases } from '../../support/store-cases/tutor-store';
import { fakeTutorStore } from './fakes';

// The in-memory tutor store, held to the DynamoDB store's cases (also run in test/integration/stores/).
describe('the in-memory tutor store', () => {
  tutorStoreCases(async () => fakeTutorStore());
});
