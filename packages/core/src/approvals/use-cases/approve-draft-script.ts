import { scriptSteps, type TxScript } from '../../kernel/index.js';
import { quotaRefusal } from '../../posts/index.js';
import type { ApproveDraftTx } from '../ports/approve-draft-tx.js';
import type { ApprovedDraftBatch, ApprovedDraftOutcome } from '../ports/draft-approval-store.js';

const tx = scriptSteps<ApproveDraftTx>();

/**
 * Thrown by `approveDraftScript` when another reviewer decided the approval after the draft was
 * written: the store's transaction rolls the draft back, and `conflictOnLostApproval` answers.
 */
export class LostApprovalRace extends Error {}

/**
 * `PostStore.approveDraft`, written once: the quota first, then the draft's compare-and-set, the
 * approval's (a lost one throws, to roll the draft back), and only then the other rows, their
 * quota slots and the journal, all in the store's one transaction.
 */
export function* approveDraftScript(
  batch: ApprovedDraftBatch,
): TxScript<ApproveDraftTx, ApprovedDraftOutcome> {
  yield* tx.lockOwner(batch.ownerId);
  const { limit, windowStart } = batch.quota;
  const full = quotaRefusal(yield* tx.quotaUsed(batch.ownerId, windowStart), batch.siblings.length, limit);
  if (full !== null) return full;
  const post = yield* tx.writePost(batch.draft, batch.expectedVersion, []);
  if (post === null) return { kind: 'conflict' };
  const approval = yield* tx.decideApproval(batch.approvalId, batch.decision);
  if (approval === null) throw new LostApprovalRace(`Approval ${batch.approvalId} was decided meanwhile.`);
  const siblings = batch.siblings.length === 0 ? [] : yield* tx.insertPosts(batch.siblings);
  if (batch.siblings.length > 0) yield* tx.addQuotaUsage(batch.ownerId, windowStart, batch.siblings.length);
  yield* tx.appendEvents(batch.events);
  return { kind: 'approved', post, siblings, approval };
}

/** What a store answers when its approval script threw: `conflict` for a lost race, else rethrows. */
export function conflictOnLostApproval(error: unknown): ApprovedDraftOutcome {
  if (error instanceof LostApprovalRace) return { kind: 'conflict' };
  throw error;
}
