import {
  describeRateLimitStoreContract,
  describeStoreContract,
  describeWebhookStoreContract,
} from '@svc/core/testing';
import { describePostgres } from '../src/testing/index.js';

await describePostgres('PostgreSQL store', (db) => {
  describeStoreContract('postgres', () => db.openStore());
  describeWebhookStoreContract('postgres', () => db.openStore());
  describeRateLimitStoreContract('postgres', () => db.openStore());
});
