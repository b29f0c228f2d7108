import type { ConnectedAccount } from '../../accounts/index.js';
import { currentStep, stepsOf } from '../../approvals/index.js';
import type { CoreDeps } from '../../deps/index.js';
import type { Post } from '../../posts/index.js';
import { type Membership, stepRefusal } from '../../teams/index.js';
import type { DigestPost, WorkspaceDigest } from '../daily-digest.js';

/**
 * Journal events read per workspace for the day's posted and failed posts. A workspace with more
 * events than this in a day has its digest count only the newest ones (docs/notifications.md).
 */
export const DIGEST_EVENT_LIMIT = 2_000;
/** Scheduled posts and drafts in review read per workspace. */
export const DIGEST_POST_LIMIT = 200;

/** The window a digest part covers: what happened in [since, until), what is due in [until, until + 24 h). */
export type DigestWindow = { readonly since: Date; readonly until: Date; readonly now: Date };

const DAY_MS = 86_400_000;

/**
 * One workspace's part of a person's digest, as their membership sees it: only posts whose every
 * account the member may use (a member limited to some accounts sees only theirs, as in the
 * console), and only drafts whose open review step they may decide. The posts posted and failed
 * come from the journal (what happened in the window, whatever the post's state now); the rest is
 * the state now.
 */
export async function gatherWorkspaceDigest(
  deps: Pick<CoreDeps, 'store'>,
  { workspace, member }: Membership,
  window: DigestWindow,
): Promise<WorkspaceDigest> {
  const { store } = deps;
  const sees = (ids: readonly string[]) =>
    member.accountIds === null || ids.every((id) => member.accountIds?.includes(id));
  const accounts = (await store.accounts.listActiveAccounts(workspace.id)).filter((a) => sees([a.id]));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const digestPost = (post: Post, at: Date | null, reason?: string): DigestPost => ({
    caption: post.caption,
    ...accountOf(post, byId),
    at,
    ...(reason === undefined ? {} : { reason }),
  });

  const happened = new Map<string, { type: string; at: Date; reason: string | null }>();
  for (const event of await store.events.recentEventsOf(workspace.id, DIGEST_EVENT_LIMIT)) {
    if (event.type !== 'post.posted' && event.type !== 'post.failed') continue;
    if (event.at < window.since || event.at >= window.until || happened.has(event.subjectId)) continue;
    // Newest first: a post that failed and then went out counts once, as posted.
    const reason = typeof event.data.reason === 'string' ? event.data.reason : null;
    happened.set(event.subjectId, { type: event.type, at: event.at, reason });
  }
  const posted: DigestPost[] = [];
  const failed: DigestPost[] = [];
  for (const [postId, what] of [...happened].reverse()) {
    const post = await store.posts.getPost(postId);
    if (post === null || post.ownerId !== workspace.id || post.deletedAt !== null || !sees(post.profileIds))
      continue;
    if (what.type === 'post.posted') posted.push(digestPost(post, what.at));
    else failed.push(digestPost(post, what.at, what.reason ?? post.failedReason ?? undefined));
  }

  const soon = await store.posts.postsScheduledBetween(
    workspace.id,
    window.now,
    new Date(window.now.getTime() + DAY_MS),
    DIGEST_POST_LIMIT,
  );
  const upcoming = soon
    .filter((p) => (p.status === 'scheduled' || p.status === 'publishing') && sees(p.profileIds))
    .map((p) => digestPost(p, p.scheduledTime));

  const inReview = await store.posts.listPosts({
    ownerId: workspace.id,
    statuses: ['pending_approval'],
    accountIds: member.accountIds,
    limit: DIGEST_POST_LIMIT,
    after: null,
  });
  const awaitingReview: DigestPost[] = [];
  for (const post of inReview.posts) {
    const approval = await store.approvals.getLatestForPost(post.id);
    const open = approval?.status === 'pending' ? currentStep(stepsOf(approval)) : null;
    if (approval === null || approval === undefined || open === null) continue;
    const decider = { userId: member.userId, role: member.role };
    if (stepRefusal(open.reviewer, decider, approval.requesterId ?? null) === null)
      awaitingReview.push(digestPost(post, post.scheduledTime));
  }

  return {
    // Another person's personal workspace is named by them (its name is their address).
    name: workspace.personal && workspace.id === member.userId ? 'Your workspace' : workspace.name,
    posted,
    failed,
    upcoming,
    awaitingReview,
    reconnect: accounts
      .filter((a) => a.needsReconnect)
      .map((a) => ({ platform: a.platform, handle: a.handle })),
  };
}

/** The post's account as a digest names it (its first target; a post row has one once scheduled). */
function accountOf(
  post: Post,
  accounts: ReadonlyMap<string, ConnectedAccount>,
): { platform?: string; handle?: string } {
  const account = post.profileIds[0] === undefined ? undefined : accounts.get(post.profileIds[0]);
  if (account !== undefined) return { platform: account.platform, handle: account.handle };
  return post.platforms[0] === undefined ? {} : { platform: post.platforms[0] };
}
