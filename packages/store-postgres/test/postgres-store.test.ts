import { describeStoreContract } from '@svc/core/testing';
import { describePostgres } from '../src/testing/index.js';

await describePostgres('PostgreSQL store', (db) => {
  describeStoreContract('postgres', () => db.openStore());
});
