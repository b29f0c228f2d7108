import { scriptSteps, type TxScript } from '../../kernel/index.js';
import type { FinishAttemptTx } from '../ports/finish-attempt-tx.js';
import { attemptResult, type FinishAttemptRequest } from '../ports/webhook-store.js';

const tx = scriptSteps<FinishAttemptTx>();

/**
 * `WebhookStore.finishAttempt`, written once: the delivery first, under its lease (a lost lease
 * writes nothing), then the attempt's history row and the subscription's health, when it changed.
 */
export function* finishAttemptScript(request: FinishAttemptRequest): TxScript<FinishAttemptTx, boolean> {
  const delivery = yield* tx.finishDelivery(request.deliveryId, request.leaseOwner, attemptResult(request));
  if (delivery === null) return false;
  yield* tx.recordAttempt(delivery, request.attempt);
  const health = request.subscription;
  if (health !== undefined && (health.failingSince !== undefined || health.disable !== undefined)) {
    yield* tx.changeHealth(delivery.subscriptionId, health);
  }
  return true;
}
