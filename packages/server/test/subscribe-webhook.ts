import type { SecretBox, Store, WebhookEventType } from '@svc/core';
import { createRandomIdGenerator, systemClock } from '@svc/core/node';

/**
 * Subscribes `url` to the owner's `events` straight in the store, as POST /api/v1/webhooks would
 * (its secret sealed with the server's `box`), for process tests that seed their database
 * themselves; answers the secret a receiver verifies signatures with.
 */
export async function subscribeWebhook(
  store: Store,
  box: SecretBox,
  subscription: {
    readonly ownerId: string;
    readonly url: string;
    readonly events: readonly WebhookEventType[];
  },
): Promise<string> {
  const ids = createRandomIdGenerator(systemClock);
  const secret = `whsec_${Buffer.from(ids.secret(), 'base64url').toString('base64')}`;
  const now = systemClock.now();
  await store.webhooks.createSubscription({
    id: ids.id('whk'),
    ownerId: subscription.ownerId,
    url: subscription.url,
    events: [...subscription.events],
    description: null,
    accountIds: null,
    sealedSecret: box.seal(secret),
    previousSealedSecret: null,
    previousSecretUntil: null,
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
  });
  return secret;
}
