import { scriptSteps, type TxScript } from '../../kernel/index.js';
import type { SubscriptionPatchTx } from '../ports/subscription-patch-tx.js';
import { patchSubscription, type WebhookSubscriptionPatch } from '../ports/webhook-store.js';
import type { WebhookSubscription } from '../webhook.js';

const tx = scriptSteps<SubscriptionPatchTx>();

/**
 * `WebhookStore.updateSubscription`, written once: the subscription read under its lock, so a
 * concurrent health change or patch is not overwritten with what this one read, then saved patched.
 */
export function* patchSubscriptionScript(
  ownerId: string,
  id: string,
  patch: WebhookSubscriptionPatch,
): TxScript<SubscriptionPatchTx, WebhookSubscription | null> {
  const found = yield* tx.subscriptionForUpdate(ownerId, id);
  if (found === null) return null;
  const next = patchSubscription(found, patch);
  yield* tx.saveSubscription(next);
  return next;
}
