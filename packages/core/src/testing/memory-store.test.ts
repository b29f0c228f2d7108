import { createMemoryStore } from './memory-store.js';
import { describeRateLimitStoreContract } from './rate-limit-contract.js';
import { describeStoreContract } from './store-contract.js';
import { describeWebhookStoreContract } from './webhook-store-contract.js';

describeStoreContract('memory', async () => createMemoryStore());
describeWebhookStoreContract('memory', async () => createMemoryStore());
describeRateLimitStoreContract('memory', async () => createMemoryStore());
