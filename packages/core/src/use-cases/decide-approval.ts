import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { Approval } from '../domain/approval.js';
import type { ConnectedAccount } from '../domain/connected-account.js';
import { checkCanSchedule, quotaWindowStart } from '../domain/entitlements.js';
import type { Post } from '../domain/post.js';
import { transition } from '../domain/post-state-machine.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import { validatePostPolicy } from '../policy/validate-post-policy.js';
import type { CoreDeps } from './core-deps.js';
import { policyError } from './policy-error.js';
import { resolveMedia } from './resolve-media.js';

/** An operator's decision: `id` is an approval id (`appr_…`) or the id of the post under review. */
export type DecideApprovalInput = {
  readonly id: string;
  readonly approve: boolean;
  readonly note?: string | null;
};

/** The decided approval and the post as it now stands (the first row, for a multi-target draft). */
export type ApprovalDecided = {
  readonly approval: Approval;
  readonly post: Post;
  /** Every post row the approval scheduled (one per target account); empty when rejected. */
  readonly scheduledPostIds: readonly string[];
};

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'publisher' | 'policy'>;

/**
 * Decides a pending approval (operator only, `svc approvals decide`). Approving schedules the
 * post — at its scheduledTime if that is still ahead, else at the next publisher run — after the
 * owner's plan, the targets and the content policy pass again; a draft without targets cannot be
 * approved. A draft aimed at several accounts becomes one scheduled row per account, as a created
 * post does. Rejecting returns the post to `draft` with the reviewer's note.
 */
export function decideApproval(
  deps: Deps,
  input: DecideApprovalInput,
): ResultAsync<ApprovalDecided, SvcError> {
  return new ResultAsync(decide(deps, input));
}

async function decide(deps: Deps, input: DecideApprovalInput): Promise<Result<ApprovalDecided, SvcError>> {
  const now = deps.clock.now();
  const approval = await findApproval(deps, input.id);
  if (approval === null) {
    return err(
      svcError('approval_not_found', `No approval ${input.id}, and no post under review with that id.`, {
        id: input.id,
      }),
    );
  }
  if (approval.status !== 'pending') {
    return err(
      svcError('invalid_post_state', `Approval ${approval.id} was already ${approval.status}.`, {
        approvalId: approval.id,
        status: approval.status,
      }),
    );
  }
  const post = await deps.store.posts.getPost(approval.postId);
  if (post === null) return err(svcError('post_not_found', `Post ${approval.postId} not found.`));
  const note = input.note?.trim() || null;
  const decision = { reviewerNote: note, decidedAt: now };

  if (!input.approve) {
    const moved = transition(post, { type: 'reject', at: now });
    if (moved.isErr()) return err(moved.error);
    const stored = await deps.store.posts.updatePost(moved.value, post.version);
    if (stored === null) return err(raced(post));
    const decided = await deps.store.approvals.decideApproval(approval.id, {
      status: 'rejected',
      ...decision,
    });
    if (decided === null) return err(raced(post));
    return ok({ approval: decided, post: stored, scheduledPostIds: [] });
  }

  const targets = await approvableTargets(deps, post, now);
  if (targets.isErr()) return err(targets.error);
  const scheduledTime =
    post.scheduledTime !== null && post.scheduledTime.getTime() > now.getTime()
      ? post.scheduledTime
      : deps.publisher.nextRunAt(now);
  const moved = transition(post, { type: 'approve', at: now, scheduledTime });
  if (moved.isErr()) return err(moved.error);
  const [first, ...others] = targets.value as [ConnectedAccount, ...ConnectedAccount[]];
  // The post row is the arbiter: of two reviewers approving at once, one write lands.
  const stored = await deps.store.posts.updatePost(
    { ...moved.value, platforms: [first.platform], profileIds: [first.id] },
    post.version,
  );
  if (stored === null) return err(raced(post));
  const decided = await deps.store.approvals.decideApproval(approval.id, { status: 'approved', ...decision });
  if (decided === null) return err(raced(post));
  const siblings = others.map((account) => ({
    ...stored,
    id: deps.ids.id('post'),
    platforms: [account.platform],
    profileIds: [account.id],
    createdAt: now,
    version: 0,
  }));
  if (siblings.length > 0) {
    // The draft took its quota slot when saved and a reviewer has approved the rest: counted, not refused.
    await deps.store.posts.insertPosts({
      ownerId: post.ownerId,
      at: now,
      posts: siblings,
      idempotency: null,
      quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: quotaWindowStart(now) },
    });
  }
  deps.publisher.postsDue(scheduledTime);
  return ok({ approval: decided, post: stored, scheduledPostIds: [stored.id, ...siblings.map((p) => p.id)] });
}

async function findApproval(deps: Deps, id: string): Promise<Approval | null> {
  return (await deps.store.approvals.getApproval(id)) ?? deps.store.approvals.getLatestForPost(id);
}

/** The draft's accounts, if the owner may still schedule, they are usable, and the content passes. */
async function approvableTargets(
  deps: Deps,
  post: Post,
  now: Date,
): Promise<Result<ConnectedAccount[], SvcError>> {
  if (post.deletedAt !== null || post.status !== 'pending_approval') {
    return err(
      svcError('invalid_post_state', `Post ${post.id} is no longer awaiting approval.`, { postId: post.id }),
    );
  }
  const owner = await deps.store.users.getUser(post.ownerId);
  if (owner === null)
    return err(svcError('user_not_found', `The owner of post ${post.id} no longer exists.`));
  const entitled = checkCanSchedule(owner, now);
  if (entitled.isErr()) return err(entitled.error);
  if (post.profileIds.length === 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `Post ${post.id} has no target accounts, so approving it would publish nowhere. Reject it and have a draft saved with profile_ids.`,
        { postId: post.id, field: 'profileIds' },
      ),
    );
  }
  const accounts = await Promise.all(post.profileIds.map((id) => deps.store.accounts.getAccount(id)));
  const unusable = post.profileIds.filter((_, i) => {
    const a = accounts[i];
    return !a || a.ownerId !== post.ownerId || a.status !== 'active';
  });
  if (unusable.length > 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `Target account ${unusable.join(', ')} of post ${post.id} is gone or inactive. Reject the post, or reconnect the account first.`,
        { postId: post.id, field: 'profileIds', invalid: unusable },
      ),
    );
  }
  const media = await resolveMedia(deps.store.media, owner, post.media);
  if (media.isErr()) return err(media.error);
  const policy = validatePostPolicy(
    {
      caption: post.caption,
      title: post.title,
      platforms: post.platforms,
      media: media.value,
      platformMeta: post.platformMeta,
    },
    deps.policy,
  );
  if (!policy.ok) return err(policyError(policy.errors, policy.warnings));
  return ok(accounts as ConnectedAccount[]);
}

function raced(post: Post): SvcError {
  return svcError('invalid_post_state', `Post ${post.id} was decided or changed by someone else just now.`, {
    postId: post.id,
  });
}
