import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { Actor } from '../domain/actor.js';
import type { ConnectedAccount } from '../domain/connected-account.js';
import type { Platform } from '../domain/platform.js';
import { type Post, PUBLIC_POST_STATUSES, type PublicPostStatus, publicStatus } from '../domain/post.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import type { PostCursor } from '../ports/post-store.js';
import type { CoreDeps } from './core-deps.js';
import { useCase } from './use-case.js';

/** Default and largest page size of `svc_list_scheduled_posts` (spec 8). */
export const LIST_POSTS_LIMITS = { default: 20, max: 50 } as const;

/** How many characters of a caption a list item shows. */
export const LIST_CAPTION_PREVIEW_LENGTH = 100;

/** What `svc_list_scheduled_posts` asks for. */
export type ListPostsInput = {
  readonly status?: string | null;
  readonly limit?: number | null;
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string | null;
};

/** One post in the list. */
export type PostListItem = {
  readonly id: string;
  readonly status: PublicPostStatus;
  readonly name: string | null;
  readonly captionPreview: string;
  readonly targets: readonly {
    readonly platform: Platform;
    readonly profileId: string;
    readonly handle: string | null;
  }[];
  readonly scheduledTime: Date | null;
  readonly failedReason: string | null;
};

/** A page of the list and the cursor of the next (null on the last page). */
export type PostList = { readonly posts: readonly PostListItem[]; readonly nextCursor: string | null };

/**
 * The actor's posts newest first (spec 4.2 `svc_list_scheduled_posts`), deleted ones left out; a
 * key limited to some accounts sees only posts aimed at those. The cursor is opaque to callers.
 */
export function listPosts(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  input: ListPostsInput,
): ResultAsync<PostList, SvcError> {
  return useCase(actor, 'post:read', () => list(deps, actor, input));
}

async function list(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  input: ListPostsInput,
): Promise<Result<PostList, SvcError>> {
  const status = input.status ?? null;
  if (status !== null && !(PUBLIC_POST_STATUSES as readonly string[]).includes(status)) {
    return err(
      svcError('validation_failed', `status must be one of ${PUBLIC_POST_STATUSES.join(', ')}.`, {
        field: 'status',
        allowed: [...PUBLIC_POST_STATUSES],
      }),
    );
  }
  const limit = input.limit ?? LIST_POSTS_LIMITS.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_POSTS_LIMITS.max) {
    return err(
      svcError('validation_failed', `limit must be a whole number from 1 to ${LIST_POSTS_LIMITS.max}.`, {
        field: 'limit',
      }),
    );
  }
  const after = input.cursor ? decodePostCursor(input.cursor) : null;
  if (input.cursor && after === null) {
    return err(
      svcError('validation_failed', 'cursor is not one this service handed out. Start again without it.', {
        field: 'cursor',
      }),
    );
  }
  const page = await deps.store.posts.listPosts({
    ownerId: actor.user.id,
    statuses: status === null ? null : [status as PublicPostStatus],
    accountIds: actor.accountIds,
    limit,
    after,
  });
  const accounts = await accountsOf(deps, page.posts);
  return ok({
    posts: page.posts.map((post) => itemOf(post, accounts)),
    nextCursor: page.next === null ? null : encodePostCursor(page.next),
  });
}

/** The opaque cursor of a list position: base64url of `<createdAt ms>.<id>`. */
export function encodePostCursor(cursor: PostCursor): string {
  // btoa, not Buffer: the core runs without Node built-ins. The text is ASCII.
  return btoa(`${cursor.createdAt.getTime()}.${cursor.id}`)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The list position a cursor names, or null for anything this service did not hand out. */
export function decodePostCursor(text: string): PostCursor | null {
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = /^(\d{1,15})\.([A-Za-z0-9_]{1,100})$/.exec(decoded);
  return match === null ? null : { createdAt: new Date(Number(match[1])), id: match[2] as string };
}

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
    failedReason: post.failedReason,
  };
}
