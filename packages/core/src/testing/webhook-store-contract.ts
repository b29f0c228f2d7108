import { afterEach, beforeEach, describe } from 'vitest';
import type { Store } from '../deps/index.js';
import { describeWebhookAttemptContract } from './webhook-attempt-contract.js';
import { describeWebhookDeliveryContract } from './webhook-delivery-contract.js';
import { describeWebhookFanOutContract } from './webhook-fan-out-contract.js';
import { describeWebhookRetentionContract } from './webhook-retention-contract.js';
import { describeWebhookSubscriptionContract } from './webhook-subscription-contract.js';

/**
 * The behaviour every WebhookStore must have. Call it from a test file with a factory that returns
 * a fresh, empty, migrated store; the suite closes each store after its test.
 */
export function describeWebhookStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`${name} webhook store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await openStore();
    });
    afterEach(async () => {
      await store.close();
    });
    const webhooks = () => store.webhooks;

    describeWebhookSubscriptionContract(webhooks);
    describeWebhookFanOutContract(webhooks);
    describeWebhookDeliveryContract(webhooks);
    describeWebhookAttemptContract(webhooks);
    describeWebhookRetentionContract(webhooks);
  });
}
