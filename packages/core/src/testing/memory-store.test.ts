import { createMemoryStore } from './memory-store.js';
import { describeStoreContract } from './store-contract.js';
import { describeWebhookStoreContract } from './webhook-store-contract.js';

describeStoreContract('memory', async () => createMemoryStore());
describeWebhookStoreContract('memory', async () => createMemoryStore());
