import { dynamoConnectionStore } from '../../../lambdas/social/connection-store';
import { connectionStoreCases } from '../../support/store-cases/connection-store';
import { localTable } from './table-subject';

// Connection sides and the daily request counter on the real store and engine.
describe('the DynamoDB connection store', () => {
  connectionStoreCases(async () => {
    const { db, name } = localTable();
    return dynamoConnectionStore(db, name);
  });
});
