import { err, ok, type Result } from 'neverthrow';
import { type Actor, actorOwner, actorWorkspaceId, postQuotaOf } from '../../identity/index.js';
import { canonicalJson, type SvcError, svcError } from '../../kernel/index.js';
import type { PolicyIssue } from '../../policy/index.js';
import { findRepeat } from '../duplicate-content.js';
import type { Post } from '../post.js';
import { parsePostRequest } from '../post-request.js';
import { checkCreatorOptions } from './check-creator-options.js';
import {
  buildRow,
  type CreatePostsDeps,
  type CreatePostsOptions,
  checkRequest,
  distinct,
  earlierAnswer,
  reconnectWarnings,
} from './create-posts.js';
import { quotaError } from './posts-of-outcome.js';
import { queueRequestFor } from './queue-request.js';
import { refuseRepeats, repeatError } from './refuse-repeats.js';

/**
 * What the requests of one dry run would have done so far, so each next request is checked as it
 * would be after them: the quota they would use, repeats among them, their idempotency keys.
 */
export type DryRunPlan = {
  readonly quotaUsed: number;
  readonly quotaLimit: number;
  readonly rows: Post[];
  /** Idempotency key → fingerprint of the request that would have used it first. */
  readonly keys: Map<string, string>;
};

/** What a create request would do: the posts an earlier request made (a replay) or how many it makes. */
export type DryRunAnswer = {
  readonly replayed: boolean;
  /** The posts of the earlier request a replay answers with; empty otherwise (nothing was created). */
  readonly postIds: readonly string[];
  /** How many posts (one per target account) the request would create; 0 for a replay. */
  readonly posts: number;
  readonly warnings: readonly PolicyIssue[];
};

/** A dry run's starting point: the owner's quota use now. */
export async function startDryRun(
  deps: Pick<CreatePostsDeps, 'store' | 'clock' | 'planLimits'>,
  actor: Actor,
): Promise<DryRunPlan> {
  const quota = postQuotaOf(actorOwner(actor), deps.clock.now(), deps.planLimits);
  return {
    quotaUsed: await deps.store.posts.quotaUsed(actorWorkspaceId(actor), quota.windowStart),
    quotaLimit: quota.limit,
    rows: [],
    keys: new Map(),
  };
}

/**
 * Checks a create payload as `createPosts` would, writing nothing: the payload parses, a reused
 * `externalId` replays or conflicts, the time, media ownership, content policy, targets and the
 * TikTok creators' options pass, no row repeats a post (stored, or earlier in the plan), and the
 * rows fit the quota. Links are not downloaded and images not converted, so what only the files
 * reveal is found when the posts are created. Adds the request's rows to `plan`.
 */
export async function dryRunCreate(
  deps: CreatePostsDeps,
  actor: Actor,
  payload: unknown,
  options: CreatePostsOptions,
  plan: DryRunPlan,
): Promise<Result<DryRunAnswer, SvcError>> {
  const parsed = parsePostRequest(payload, options);
  if (parsed.isErr()) return err(parsed.error);
  const request = parsed.value;
  const earlier = await earlierAnswer(deps, actor, request);
  if (earlier !== null) {
    return earlier.map((r) => ({ replayed: true, postIds: r.postIds, posts: 0, warnings: [] }));
  }
  const fingerprint = canonicalJson(request);
  const planned = request.externalId === null ? undefined : plan.keys.get(request.externalId);
  if (planned !== undefined) return plannedAnswer(planned === fingerprint, request.externalId ?? '');

  const now = deps.clock.now();
  const checked = await checkRequest(deps, actor, request, options, now);
  if (checked.isErr()) return err(checked.error);
  const { content, targets } = checked.value;
  const creators = await checkCreatorOptions(deps, request, content.media, targets);
  if (creators.isErr()) return err(creators.error);
  // A queued row's slot is only taken when it is created; the dry run checks there are slots.
  const queue = request.queue === true ? await queueRequestFor(deps, targets, now) : null;
  if (queue?.isErr()) return err(queue.error);

  const scheduledTime = request.scheduledTime ?? deps.publisher.nextRunAt(now);
  const groupId = deps.ids.id('grp');
  const rows = targets.map((account) =>
    buildRow(deps, actor, request, account, request.media, scheduledTime, now, groupId),
  );
  if (!request.allowDuplicate) {
    const override = options.duplicateOverride === undefined ? 'allowDuplicate' : options.duplicateOverride;
    const repeats = await refuseRepeats(deps, rows, override);
    if (repeats.isErr()) return err(repeats.error);
    for (const row of rows) {
      const earlierRow = findRepeat(row, plan.rows);
      if (earlierRow !== null) return err(repeatError(row, earlierRow, override));
    }
  }
  const used = plan.quotaUsed + plan.rows.length;
  if (used + rows.length > plan.quotaLimit) return err(quotaError(used, plan.quotaLimit));

  plan.rows.push(...rows);
  if (request.externalId !== null) plan.keys.set(request.externalId, fingerprint);
  return ok({
    replayed: false,
    postIds: [],
    posts: rows.length,
    warnings: distinct([...content.warnings, ...creators.value, ...reconnectWarnings(targets)]),
  });
}

/** A key used earlier in the same run: replayed for the same content, a conflict otherwise. */
function plannedAnswer(sameContent: boolean, externalId: string): Result<DryRunAnswer, SvcError> {
  if (sameContent) return ok({ replayed: true, postIds: [], posts: 0, warnings: [] });
  return err(
    svcError(
      'idempotency_conflict',
      `externalId ${JSON.stringify(externalId)} is used by an earlier row with different content. Give each post its own externalId.`,
      { externalId, postIds: [], hiddenPostCount: 0 },
    ),
  );
}
