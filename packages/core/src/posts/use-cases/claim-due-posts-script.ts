import { scriptSteps, type TxScript } from '../../kernel/index.js';
import { accountsAtLimit, type ClaimRequest, claimCandidateCount, claimChanges } from '../claims.js';
import type { PostClaimTx } from '../ports/post-claim-tx.js';
import type { Post } from '../post.js';

const tx = scriptSteps<PostClaimTx>();

/**
 * `PostStore.claimDuePosts`, written once: read the due candidates under the claim's lock, let
 * core's `claimChanges` decide which it takes and how, and write each with its events.
 */
export function* claimDuePostsScript(request: ClaimRequest): TxScript<PostClaimTx, Post[]> {
  const count = claimCandidateCount(request);
  if (count === 0) return [];
  // Rows read but not admitted stay held only until the transaction ends, untouched. Accounts
  // already at their limit in the claimer's hands are passed over by the query: with one slot
  // free and 99 busy accounts ahead of it in the queue, reading `count` rows would find none.
  const due = yield* tx.duePosts(request.now, count, accountsAtLimit(request));
  const claimed: Post[] = [];
  // The rows as read, so the store writes only what the claim changed.
  const read = new Map(due.map((post) => [post.id, post]));
  for (const { post, events } of claimChanges(due, request)) {
    const stored = yield* tx.writePost(post, post.version, events, read.get(post.id));
    // Impossible while the claim holds its lock; if it happens, the lock is not doing its job.
    if (stored === null) throw new Error(`Post ${post.id} changed while claimed under the claim's lock.`);
    claimed.push(stored);
  }
  return claimed;
}
