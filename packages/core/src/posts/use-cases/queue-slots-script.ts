import { err, ok, type Result } from 'neverthrow';
import { type SvcError, scriptSteps, type TxScript } from '../../kernel/index.js';
import { nextFreeSlots, QUEUE_HORIZON_DAYS } from '../../queue/index.js';
import type { PostBatchTx } from '../ports/post-batch-tx.js';
import type { QueueRequest } from '../ports/post-store.js';
import type { Post } from '../post.js';

// Only the taken times: the approval's transaction runs it too (core's approveDraftScript).
type SlotsTx = Pick<PostBatchTx, 'scheduledTimesOf'>;
const tx = scriptSteps<SlotsTx>();
const DAY_MS = 86_400_000;

/**
 * The rows of a queued batch with their times: each account's rows (in batch order) take that
 * account's next free slots after `queue.after`, skipping the times its live posts hold and days at
 * the platform's cap. Run inside the insert's (or a queued draft's approval's) transaction, after the owner's lock: accounts belong
 * to one owner, so no other batch can take the same slot between this read and the insert.
 */
export function* queueSlotsScript(
  ownerId: string,
  posts: readonly Post[],
  queue: QueueRequest,
): TxScript<SlotsTx, Result<Post[], SvcError>> {
  const placed = new Map<string, Date[]>();
  for (const { accountId, schedule, dailyCap } of queue.accounts) {
    const count = posts.filter((p) => p.profileIds[0] === accountId).length;
    if (count === 0) continue;
    // From a day before: posts earlier on the same local day count towards its cap.
    const from = new Date(queue.after.getTime() - DAY_MS);
    const to = new Date(queue.after.getTime() + (QUEUE_HORIZON_DAYS + 2) * DAY_MS);
    const taken = yield* tx.scheduledTimesOf(ownerId, accountId, from, to);
    const slots = nextFreeSlots(schedule, queue.after, count, taken, dailyCap);
    if (slots.isErr())
      return err({
        ...slots.error,
        message: `${accountId}: ${slots.error.message}`,
        details: { ...slots.error.details, profileId: accountId },
      });
    placed.set(accountId, slots.value);
  }
  return ok(
    posts.map((post) => {
      const time = placed.get(post.profileIds[0] ?? '')?.shift();
      return time === undefined ? post : { ...post, scheduledTime: time, dueAt: time };
    }),
  );
}
