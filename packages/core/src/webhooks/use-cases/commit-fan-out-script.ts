import { scriptSteps, type TxScript } from '../../kernel/index.js';
import type { FanOutTx } from '../ports/fan-out-tx.js';
import type { FanOutCommit } from '../ports/webhook-store.js';

const tx = scriptSteps<FanOutTx>();

/**
 * `WebhookStore.commitFanOut`, written once: the cursor's compare-and-set first, so a worker that
 * lost its lease or was overtaken writes nothing, then the messages and their deliveries.
 */
export function* commitFanOutScript(commit: FanOutCommit): TxScript<FanOutTx, boolean> {
  const leaseUntil = commit.leaseUntil ?? null;
  if (!(yield* tx.moveFanOut(commit.consumer, commit.leaseOwner, commit.from, commit.to, leaseUntil)))
    return false;
  yield* tx.insertMessages(commit.messages, commit.deliveries);
  return true;
}
