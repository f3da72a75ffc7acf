import { dynamoTutorStore } from '../../../lambdas/tutor/tutor-store';
import { tutorStoreCases } from '../../support/store-cases/tutor-store';
import { localTable, putProfile } from './table-subject';

// The tutor conversation's optimistic lock and the message counter on the real store and engine.
describe('the DynamoDB tutor store', () => {
  tutorStoreCases(async () => {
    const { db, name } = localTable();
    return { store: dynamoTutorStore(db, name), setPlan: (userId, plan) => putProfile(userId, plan) };
  });
});
