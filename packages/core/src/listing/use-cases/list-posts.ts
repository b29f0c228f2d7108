import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, useCase } from '../../identity/index.js';
import {
  decodeListCursor,
  encodeListCursor,
  isPlatform,
  listCursorOf,
  PLATFORMS,
  type Platform,
  PUBLIC_POST_STATUSES,
  type PublicPostStatus,
  publicStatus,
  type SvcError,
  svcError,
} from '../../kernel/index.js';
import type { Post, PostListQuery } from '../../posts/index.js';

/** Default and largest page size of `svc_list_scheduled_posts` (spec 8). */
export const LIST_POSTS_LIMITS = { default: 20, max: 50 } as const;

/** The largest page size of the REST list (`GET /api/v1/posts`); its default is the tool's. */
export const REST_LIST_POSTS_MAX = 100;

/** The longest text filter, in characters (after trimming). */
export const LIST_TEXT_FILTER_MAX = 100;

/** How many characters of a caption a list item shows. */
export const LIST_CAPTION_PREVIEW_LENGTH = 100;

/** What `svc_list_scheduled_posts` and the REST list ask for; every filter applies together. */
export type ListPostsInput = {
  readonly status?: string | null;
  readonly limit?: number | null;
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string | null;
  /** Only posts aimed at this platform. */
  readonly platform?: string | null;
  /** Only posts aimed at this connected account. */
  readonly profileId?: string | null;
  /** Only posts with `from <= scheduledTime < to`; a post without a time is left out once either is given. */
  readonly from?: Date | null;
  readonly to?: Date | null;
  /**
   * Only posts whose caption or title contains this text, ignoring case (ASCII letters everywhere);
   * `%` and `_` are plain characters. Trimmed; empty means no filter; at most 100 characters.
   */
  readonly text?: string | null;
};

/** How a surface lists: the tool keeps pages of at most 50 (the default), REST allows 100. */
export type ListPostsOptions = { readonly maxLimit?: number };

/** One post in the list. */
export type PostListItem = {
  readonly id: string;
  /** The group of posts made together (the post's `groupId`); null on posts older than groups. */
  readonly groupId: string | null;
  readonly status: PublicPostStatus;
  readonly name: string | null;
  readonly captionPreview: string;
  readonly targets: readonly {
    readonly platform: Platform;
    readonly profileId: string;
    readonly handle: string | null;
  }[];
  readonly scheduledTime: Date | null;
  /** A queued draft: it takes its accounts' next free slots when approved (docs/queue.md). */
  readonly queued: boolean;
  readonly failedReason: string | null;
  /** What the platform did differently from what was asked (the post's `warning`). */
  readonly warning: string | null;
};

/** A page of the list and the cursor of the next (null on the last page). */
export type PostList = { readonly posts: readonly PostListItem[]; readonly nextCursor: string | null };

/** A page of full post records (for REST's post views and exports) and the cursor of the next. */
export type PostRecordList = { readonly posts: readonly Post[]; readonly nextCursor: string | null };

/**
 * The actor's posts newest first (spec 4.2 `svc_list_scheduled_posts`), deleted ones left out; a
 * key limited to some accounts sees only posts aimed at those. The cursor is opaque to callers.
 * It is `listPostRecords`, each post shown as a list item.
 */
export function listPosts(...args: Parameters<typeof listPostRecords>): ResultAsync<PostList, SvcError> {
  const [deps] = args;
  return listPostRecords(...args).map(async (page) => {
    const accounts = await accountsOf(deps, page.posts);
    return { posts: page.posts.map((post) => itemOf(post, accounts)), nextCursor: page.nextCursor };
  });
}

/** The same list and checks as `listPosts`, as full post records (REST shows whole posts). */
export function listPostRecords(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  input: ListPostsInput,
  options: ListPostsOptions = {},
): ResultAsync<PostRecordList, SvcError> {
  return useCase(actor, 'post:read', async (): Promise<Result<PostRecordList, SvcError>> => {
    const query = listQueryOf(actor, input, options.maxLimit ?? LIST_POSTS_LIMITS.max);
    if (query.isErr()) return err(query.error);
    const page = await deps.store.posts.listPosts(query.value);
    return ok({ posts: page.posts, nextCursor: page.next === null ? null : encodeListCursor(page.next) });
  });
}

/** The store query of a list request, or `validation_failed` naming the field that is wrong. */
function listQueryOf(actor: Actor, input: ListPostsInput, maxLimit: number): Result<PostListQuery, SvcError> {
  const status = input.status ?? null;
  if (status !== null && !(PUBLIC_POST_STATUSES as readonly string[]).includes(status)) {
    return invalid('status', `status must be one of ${PUBLIC_POST_STATUSES.join(', ')}.`, {
      allowed: [...PUBLIC_POST_STATUSES],
    });
  }
  const limit = input.limit ?? Math.min(LIST_POSTS_LIMITS.default, maxLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
    return invalid('limit', `limit must be a whole number from 1 to ${maxLimit}.`, { max: maxLimit });
  }
  const after = listCursorOf(input.cursor);
  if (after.isErr()) return err(after.error);
  const platform = input.platform ?? null;
  if (platform !== null && !isPlatform(platform)) {
    return invalid('platform', `platform must be one of ${PLATFORMS.join(', ')}.`, {
      allowed: [...PLATFORMS],
    });
  }
  const profileId = input.profileId ?? null;
  if (profileId !== null && (profileId === '' || profileId.length > 100)) {
    return invalid('profileId', 'profileId must be the id of a connected account.');
  }
  const range = timeRangeOf(input.from ?? null, input.to ?? null);
  if (range.isErr()) return err(range.error);
  const text = (input.text ?? '').trim();
  if (Array.from(text).length > LIST_TEXT_FILTER_MAX) {
    return invalid('text', `text must be at most ${LIST_TEXT_FILTER_MAX} characters.`, {
      max: LIST_TEXT_FILTER_MAX,
    });
  }
  return ok({
    ownerId: actorWorkspaceId(actor),
    statuses: status === null ? null : [status as PublicPostStatus],
    accountIds: actor.accountIds,
    platform,
    profileId,
    scheduledFrom: range.value.from,
    scheduledTo: range.value.to,
    text: text === '' ? null : text,
    limit,
    after: after.value,
  });
}

function timeRangeOf(
  from: Date | null,
  to: Date | null,
): Result<{ readonly from: Date | null; readonly to: Date | null }, SvcError> {
  if (from !== null && Number.isNaN(from.getTime())) return invalid('from', 'from is not a valid date-time.');
  if (to !== null && Number.isNaN(to.getTime())) return invalid('to', 'to is not a valid date-time.');
  if (from !== null && to !== null && from.getTime() >= to.getTime()) {
    return invalid(
      'to',
      'to must be later than from: the range holds posts scheduled from `from` up to, not including, `to`.',
    );
  }
  return ok({ from, to });
}

function invalid(
  field: string,
  message: string,
  more: Record<string, unknown> = {},
): Result<never, SvcError> {
  return err(svcError('validation_failed', message, { field, ...more }));
}

/** The post list's cursors: the shared list cursors (list-cursor.ts), under their old names. */
export { decodeListCursor as decodePostCursor, encodeListCursor as encodePostCursor };

async function accountsOf(
  deps: Pick<CoreDeps, 'store'>,
  posts: readonly Post[],
): Promise<Map<string, ConnectedAccount>> {
  const ids = [...new Set(posts.flatMap((p) => p.profileIds))];
  const accounts = await Promise.all(ids.map((id) => deps.store.accounts.getAccount(id)));
  return new Map(accounts.flatMap((a) => (a === null ? [] : [[a.id, a] as const])));
}

function itemOf(post: Post, accounts: ReadonlyMap<string, ConnectedAccount>): PostListItem {
  const chars = Array.from(post.caption);
  return {
    id: post.id,
    groupId: post.groupId,
    status: publicStatus(post.status),
    name: post.name,
    captionPreview:
      chars.length <= LIST_CAPTION_PREVIEW_LENGTH
        ? post.caption
        : `${chars.slice(0, LIST_CAPTION_PREVIEW_LENGTH - 1).join('')}…`,
    // A draft may aim at several accounts, a scheduled row at one; an account since removed keeps
    // the post's platform and shows no handle.
    targets: post.profileIds.map((profileId) => {
      const account = accounts.get(profileId);
      return {
        platform: account?.platform ?? (post.platforms[0] as Platform),
        profileId,
        handle: account?.handle ?? null,
      };
    }),
    scheduledTime: post.scheduledTime,
    queued: post.queued,
    failedReason: post.failedReason,
    warning: post.warning,
  };
}
