import {
  describeRateLimitStoreContract,
  describeStoreContract,
  describeWebhookStoreContract,
} from '@svc/core/testing';
import { openSqliteStore } from '../src/index.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();

describeStoreContract('sqlite', async () => openSqliteStore({ path: tempPath() }));
describeWebhookStoreContract('sqlite', async () => openSqliteStore({ path: tempPath() }));
describeRateLimitStoreContract('sqlite', async () => openSqliteStore({ path: tempPath() }));
