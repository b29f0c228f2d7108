import { ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import {
  type Actor,
  actorCanSeeAccount,
  actorOwner,
  actorWorkspaceId,
  type PlanKind,
  type PlanState,
  planStateAt,
  type TrialState,
  trialStateAt,
  useCase,
} from '../../identity/index.js';
import { captionPreview, type Platform, type PublicPostStatus, type SvcError } from '../../kernel/index.js';
import type { Post } from '../../posts/index.js';

// The trial's rule lives with the plans; the summary answers it, as it always has.
export { type TrialState, trialStateAt } from '../../identity/index.js';

/** How many upcoming posts the summary lists. */
export const UPCOMING_POSTS_SHOWN = 3;

/** One of the next posts to go out. */
export type UpcomingPostView = {
  readonly id: string;
  readonly platform: Platform | null;
  /** The target account's handle; null when that account is gone. */
  readonly handle: string | null;
  readonly scheduledTime: Date | null;
  readonly captionPreview: string;
};

/** What `svc_get_account_summary` returns. Never tokens or secrets. */
export type AccountSummary = {
  readonly plan: {
    /** The plan as recorded. */
    readonly kind: PlanKind;
    /** The plan that counts now: a trial past its end is `expired`. */
    readonly state: PlanState;
    readonly trialEndsAt: Date | null;
    readonly betaTester: boolean;
  };
  readonly trial: TrialState;
  /** Active accounts the credential may see. */
  readonly connectedAccounts: number;
  /** Posts by the status callers see, over the accounts the credential may see. */
  readonly postCounts: Readonly<Record<PublicPostStatus, number>>;
  /** The next posts to go out, soonest first. */
  readonly upcomingPosts: readonly UpcomingPostView[];
};

type Deps = Pick<CoreDeps, 'store' | 'clock'>;

/**
 * The caller's account at a glance (scope `account:read`): plan and trial, connected accounts,
 * post counts and the next posts. A key limited to some accounts counts and lists only those.
 */
export function getAccountSummary(deps: Deps, actor: Actor): ResultAsync<AccountSummary, SvcError> {
  return useCase(actor, 'account:read', async (): Promise<Result<AccountSummary, SvcError>> => {
    const now = deps.clock.now();
    const ownerId = actorWorkspaceId(actor);
    const [accounts, postCounts, upcoming] = await Promise.all([
      deps.store.accounts.listActiveAccounts(ownerId),
      deps.store.posts.countPostsByStatus(ownerId, actor.accountIds),
      deps.store.posts.upcomingPosts(ownerId, actor.accountIds, now, UPCOMING_POSTS_SHOWN),
    ]);
    const visible = accounts.filter((a) => actorCanSeeAccount(actor, a.id));
    const handles = new Map(accounts.map((a) => [a.id, a.handle]));
    const user = actorOwner(actor);
    return ok({
      plan: {
        kind: user.plan.kind,
        state: planStateAt(user, now),
        trialEndsAt: user.plan.kind === 'trial' ? user.plan.endsAt : null,
        betaTester: user.betaTester,
      },
      trial: trialStateAt(user.plan, now),
      connectedAccounts: visible.length,
      postCounts,
      upcomingPosts: await Promise.all(upcoming.map((post) => upcomingView(deps, post, handles))),
    });
  });
}

async function upcomingView(
  deps: Deps,
  post: Post,
  handles: ReadonlyMap<string, string>,
): Promise<UpcomingPostView> {
  const profileId = post.profileIds[0];
  let handle = profileId === undefined ? null : (handles.get(profileId) ?? null);
  if (handle === null && profileId !== undefined) {
    // An account disconnected after scheduling is no longer in the active list.
    handle = (await deps.store.accounts.getAccount(profileId))?.handle ?? null;
  }
  return {
    id: post.id,
    platform: post.platforms[0] ?? null,
    handle,
    scheduledTime: post.scheduledTime,
    captionPreview: captionPreview(post.caption),
  };
}
