import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import {
  type Actor,
  actorOwner,
  actorWorkspaceId,
  checkCanSchedule,
  entitledUseCase,
  eventActorOf,
  postQuotaOf,
} from '../../identity/index.js';
import { canonicalJson, type SvcError } from '../../kernel/index.js';
import type { MediaRef } from '../../media/index.js';
import type { MixedImageSizes, PolicyIssue } from '../../policy/index.js';
import { approvalRequiredRefusal } from '../../teams/index.js';
import { freshPostFields } from '../fresh-post-fields.js';
import type { Post } from '../post.js';
import { type PostRequest, parsePostRequest } from '../post-request.js';
import { scheduledTimeInPast } from '../scheduled-time-errors.js';
import { scheduledEvents } from '../transition-events.js';
import { type CheckedContent, checkPostContent, prepareForTargets } from './check-post-content.js';
import type { ImageConversion } from './convert-images.js';
import { idempotentAnswer, postsOfOutcome } from './posts-of-outcome.js';
import { queueRequestFor } from './queue-request.js';
import { resolveTargets } from './resolve-targets.js';

/** How a surface wants a create request handled. */
export type CreatePostsOptions = {
  /** Only `/posts/schedule` requires a time. */
  readonly requireScheduledTime: boolean;
  /** Photo sets of mixed sizes: padded (REST, the default) or refused (tools, console). */
  readonly mixedImageSizes?: MixedImageSizes;
  /**
   * The payload field that posts a repeat anyway, named in the `duplicate_content` message; null
   * when the surface offers none. Default `allowDuplicate` (REST).
   */
  readonly duplicateOverride?: string | null;
};

/** The answer to a create request (spec 4.1), plus what the service found and did on the way. */
export type CreatePostsResult = {
  readonly postIds: readonly string[];
  readonly status: 'scheduled';
  /** The earliest scheduled time among the rows; the next publisher run for immediate posts. */
  readonly scheduledTime: Date;
  /** True when an earlier request with the same `externalId` and payload is being answered again. */
  readonly replayed: boolean;
  readonly warnings: readonly PolicyIssue[];
  /** The rows, one per target account. */
  readonly posts: readonly Post[];
  /** Images converted to JPEG for a platform that does not take them as they are. */
  readonly conversions: readonly ImageConversion[];
};

/** What creating posts needs. */
export type CreatePostsDeps = Pick<
  CoreDeps,
  | 'store'
  | 'clock'
  | 'ids'
  | 'publisher'
  | 'policy'
  | 'planLimits'
  | 'blobs'
  | 'fetcher'
  | 'inspector'
  | 'images'
  | 'secretBox'
  | 'platforms'
  | 'postingOptionsCache'
>;

type Deps = CreatePostsDeps;

/**
 * Creates one scheduled post row per target account (spec 4.1): checks scope and plan, parses
 * the payload, then runs `createFromRequest`. Nothing is written unless every check passes.
 */
export function createPosts(
  deps: Deps,
  actor: Actor,
  payload: unknown,
  options: CreatePostsOptions,
): ResultAsync<CreatePostsResult, SvcError> {
  return entitledUseCase(deps.clock, actor, 'post:write', checkCanSchedule, async () => {
    const request = parsePostRequest(payload, options);
    if (request.isErr()) return err(request.error);
    return createFromRequest(deps, actor, request.value, options);
  });
}

/**
 * Creates the rows of a parsed request whose caller's scope and plan were checked: refuses a
 * caller the workspace's approval policy makes ask for approval (`approval_required`), replays or
 * refuses a reused `externalId`, checks the time, the content (media ownership, policy), the
 * targets and the TikTok creators' live options, prepares each platform's media, and inserts every
 * row in one transaction that refuses repeats of a recent post and keeps the scheduling quota.
 */
export async function createFromRequest(
  deps: Deps,
  actor: Actor,
  request: PostRequest,
  options: CreatePostsOptions,
): Promise<Result<CreatePostsResult, SvcError>> {
  const now = deps.clock.now();
  const mustAsk = await approvalRequiredRefusal(deps, actor);
  if (mustAsk !== null) return err(mustAsk);
  const earlier = await earlierAnswer(deps, actor, request);
  if (earlier !== null) return earlier;
  const checked = await checkRequest(deps, actor, request, options, now);
  if (checked.isErr()) return err(checked.error);
  const { content, targets } = checked.value;

  const queue = request.queue === true ? await queueRequestFor(deps, targets, now) : null;
  if (queue?.isErr()) return err(queue.error);

  const ready = await prepareForTargets(deps, actorOwner(actor), request, content, targets);
  if (ready.isErr()) return err(ready.error);

  // A queued row's time is a placeholder until the insert's transaction gives it its slot.
  const scheduledTime = request.scheduledTime ?? deps.publisher.nextRunAt(now);
  const groupId = deps.ids.id('grp');
  const posts = targets.map((account) =>
    buildRow(
      deps,
      actor,
      request,
      account,
      ready.value.media.get(account.platform) ?? request.media,
      scheduledTime,
      now,
      groupId,
    ),
  );
  const outcome = await deps.store.posts.insertPosts({
    ownerId: actorWorkspaceId(actor),
    at: now,
    posts,
    idempotency:
      request.externalId === null
        ? null
        : { externalId: request.externalId, fingerprint: fingerprintOf(request) },
    quota: postQuotaOf(actorOwner(actor), now, deps.planLimits),
    refuseRepeats: !request.allowDuplicate,
    events: scheduledEvents(posts, now),
    actor: eventActorOf(actor),
    ...(queue?.isOk() ? { queue: queue.value } : {}),
  });
  if (outcome.kind === 'inserted') deps.publisher.postsDue(earliestTime(outcome.posts, scheduledTime));
  const warnings = distinct([...content.warnings, ...ready.value.warnings, ...reconnectWarnings(targets)]);
  const override = options.duplicateOverride === undefined ? 'allowDuplicate' : options.duplicateOverride;
  return (await postsOfOutcome(deps, actor, outcome, request, override)).map((rows) =>
    resultOf(rows, outcome.kind === 'replayed', warnings, ready.value.conversions),
  );
}

// The earliest time of the inserted rows: a queued row's is its slot, not the placeholder.
function earliestTime(posts: readonly Post[], fallback: Date): Date {
  const times = posts.map((p) => p.scheduledTime?.getTime() ?? fallback.getTime());
  return new Date(times.length === 0 ? fallback.getTime() : Math.min(...times));
}

/** A request whose checks that write nothing passed: what its content is, and where it goes. */
export type CheckedRequest = {
  readonly content: CheckedContent;
  readonly targets: readonly ConnectedAccount[];
};

/**
 * The answer of an earlier request with the same `externalId`: its rows again for the same
 * content (even if their time has passed since), `idempotency_conflict` for other content, or
 * when some of those rows are on accounts outside the caller's key (a replay would hand their ids
 * over). Null when the request has no key or the key is new.
 */
export async function earlierAnswer(
  deps: Pick<Deps, 'store'>,
  actor: Actor,
  request: PostRequest,
): Promise<Result<CreatePostsResult, SvcError> | null> {
  if (request.externalId === null) return null;
  const earlier = await deps.store.posts.findByExternalId(actorWorkspaceId(actor), request.externalId);
  if (earlier === null) return null;
  return idempotentAnswer(
    actor,
    earlier.fingerprint === fingerprintOf(request),
    earlier.posts,
    request.externalId,
  ).map((posts) => resultOf(posts, true, [], []));
}

/**
 * The checks of a parsed request that read but write nothing, in creation's order: the time is
 * in the future, every asset is the user's and active, the content policy passes (links counted,
 * not downloaded), the targets resolve. A dry run stops here; creation goes on to the media.
 */
export async function checkRequest(
  deps: Deps,
  actor: Actor,
  request: PostRequest,
  options: CreatePostsOptions,
  now: Date,
): Promise<Result<CheckedRequest, SvcError>> {
  if (request.scheduledTime !== null && request.scheduledTime.getTime() <= now.getTime()) {
    return err(
      scheduledTimeInPast(
        'scheduledTime',
        request.scheduledTime,
        now,
        'Send a later time, or leave it out to publish on the next run.',
      ),
    );
  }
  const content = await checkPostContent(deps, actorOwner(actor), request, options.mixedImageSizes ?? 'pad');
  if (content.isErr()) return err(content.error);
  const targets = await resolveTargets(deps.store.accounts, actor, request.platforms, request.profileIds);
  if (targets.isErr()) return err(targets.error);
  return ok({ content: content.value, targets: targets.value });
}

// Only a request with an idempotency key needs its fingerprint.
function fingerprintOf(request: PostRequest): string {
  return canonicalJson(request);
}

/** A new row of a request, `scheduled` on one account, in the group of the request's rows. */
export function buildRow(
  deps: Pick<Deps, 'ids'>,
  actor: Actor,
  request: PostRequest,
  account: ConnectedAccount,
  media: readonly MediaRef[],
  scheduledTime: Date,
  now: Date,
  groupId: string,
): Post {
  return {
    id: deps.ids.id('post'),
    ownerId: actorWorkspaceId(actor),
    groupId,
    status: 'scheduled',
    caption: request.caption,
    title: request.title,
    platforms: [account.platform],
    profileIds: [account.id],
    media: [...media],
    scheduledTime,
    externalId: request.externalId,
    platformMeta: request.platformMeta,
    category: request.category,
    name: null,
    dueAt: scheduledTime,
    evergreen: request.evergreen ?? null,
    ...freshPostFields(now),
  };
}

function resultOf(
  posts: readonly Post[],
  replayed: boolean,
  warnings: readonly PolicyIssue[],
  conversions: readonly ImageConversion[],
): CreatePostsResult {
  const times = posts.map((p) => p.scheduledTime?.getTime() ?? Number.POSITIVE_INFINITY);
  return {
    postIds: posts.map((p) => p.id),
    status: 'scheduled',
    scheduledTime: new Date(Math.min(...times)),
    replayed,
    warnings,
    posts,
    conversions: replayed ? [] : conversions,
  };
}

/** Findings once each, in order (the media check after downloading may repeat the first one's). */
export function distinct(issues: readonly PolicyIssue[]): PolicyIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.code}|${issue.platform}|${issue.field}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The warning for each target account that must be reconnected before the post's time. */
export function reconnectWarnings(targets: readonly ConnectedAccount[]): PolicyIssue[] {
  return targets
    .filter((a) => a.needsReconnect)
    .map((a) => ({
      code: 'account_needs_reconnect',
      severity: 'warning',
      platform: a.platform,
      field: 'profileIds',
      message: `${a.handle} (${a.id}) must be reconnected before this post's time, or it will fail to publish.`,
    }));
}
