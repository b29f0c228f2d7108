import { actedBy } from '../../journal/index.js';
import { scriptSteps, type TxScript } from '../../kernel/index.js';
import {
  approvedEvents,
  findRepeat,
  type Post,
  queueSlotsScript,
  quotaRefusal,
  repeatQueryOf,
  scheduledEvents,
} from '../../posts/index.js';
import type { ApproveDraftTx } from '../ports/approve-draft-tx.js';
import type { ApprovedDraftBatch, ApprovedDraftOutcome } from '../ports/draft-approval-store.js';

const tx = scriptSteps<ApproveDraftTx>();

/**
 * Thrown by `approveDraftScript` when another reviewer decided the approval after the draft was
 * written: the store's transaction rolls the draft back, and `conflictOnLostApproval` answers.
 */
export class LostApprovalRace extends Error {}

/**
 * `PostStore.approveDraft`, written once: the quota first, then (for a queued approval) each
 * row's slot and the repeats at those times, then the draft's compare-and-set, the approval's (a
 * lost one throws, to roll the draft back), and only then the other rows, their quota slots and
 * the journal, all in the store's one transaction.
 */
export function* approveDraftScript(
  batch: ApprovedDraftBatch,
): TxScript<ApproveDraftTx, ApprovedDraftOutcome> {
  yield* tx.lockOwner(batch.ownerId);
  const { limit, windowStart } = batch.quota;
  const full = quotaRefusal(yield* tx.quotaUsed(batch.ownerId, windowStart), batch.siblings.length, limit);
  if (full !== null) return full;
  let [draft, siblings, events] = [batch.draft, batch.siblings, batch.events];
  if (batch.queue !== undefined) {
    // The same slot assignment as a queued insert, under the same owner's lock: two approvals (or
    // an approval and a queued create) at once never get one slot.
    const placed = yield* queueSlotsScript(batch.ownerId, [batch.draft, ...batch.siblings], batch.queue);
    if (placed.isErr()) return { kind: 'no_free_slot', error: placed.error };
    [draft, ...siblings] = placed.value as [Post, ...Post[]];
    const at = batch.decision.decidedAt;
    events = [...approvedEvents(draft, at), ...scheduledEvents(siblings, at)];
    // Only now are the times known, so repeats are judged here, as a queued insert judges them.
    for (const post of placed.value) {
      const query = repeatQueryOf(post);
      const earlier = query === null ? null : findRepeat(post, yield* tx.postsWithContent(query));
      if (earlier !== null) return { kind: 'duplicate_content', post, earlier };
    }
  }
  const post = yield* tx.writePost(draft, batch.expectedVersion, []);
  if (post === null) return { kind: 'conflict' };
  const approval = yield* tx.decideApproval(batch.approvalId, batch.decision);
  if (approval === null) throw new LostApprovalRace(`Approval ${batch.approvalId} was decided meanwhile.`);
  const inserted = siblings.length === 0 ? [] : yield* tx.insertPosts(siblings);
  if (siblings.length > 0) yield* tx.addQuotaUsage(batch.ownerId, windowStart, siblings.length);
  yield* tx.appendEvents(batch.actor === undefined ? events : actedBy(batch.actor, events));
  return { kind: 'approved', post, siblings: inserted, approval };
}

/** What a store answers when its approval script threw: `conflict` for a lost race, else rethrows. */
export function conflictOnLostApproval(error: unknown): ApprovedDraftOutcome {
  if (error instanceof LostApprovalRace) return { kind: 'conflict' };
  throw error;
}
