import { type Actor, actorCanSeeAccount, actorWorkspaceId } from '../actor.js';

/** What the access rule reads of a post: whose it is and which accounts it goes to. */
export type PostAudience = { readonly ownerId: string; readonly profileIds: readonly string[] };

/** Reads posts by id (the post store's `getPost`); null when there is none. */
export type PostReader = { getPost(id: string): Promise<PostAudience | null> };

/**
 * Posts a refusal is about, split by what the caller's key may read: `postIds` it can open,
 * `hiddenPostCount` of the others (counted, never named: an id is a handle on a post of an
 * account the key was kept away from).
 */
export type ReadablePostIds = { readonly postIds: string[]; readonly hiddenPostCount: number };

/** Whether the actor may read the post: `ownedPost`'s rule (the user's, aimed only at accounts the key sees). */
export function actorCanReadPost(actor: Actor, post: PostAudience): boolean {
  return (
    post.ownerId === actorWorkspaceId(actor) &&
    post.profileIds.every((accountId) => actorCanSeeAccount(actor, accountId))
  );
}

/**
 * Splits the ids of posts a refusal names into those the actor may read and a count of the
 * rest. A key with every account reads all of the user's posts, so nothing is read for it.
 */
export async function readablePostIds(
  posts: PostReader,
  actor: Actor,
  ids: readonly string[],
): Promise<ReadablePostIds> {
  if (actor.accountIds === null) return { postIds: [...ids], hiddenPostCount: 0 };
  const found = await Promise.all(ids.map((id) => posts.getPost(id)));
  const postIds = ids.filter((_, i) => {
    const post = found[i];
    return post !== null && post !== undefined && actorCanReadPost(actor, post);
  });
  return { postIds, hiddenPostCount: ids.length - postIds.length };
}

/** How a refusal's message names its posts: the readable ids, then how many others there are. */
export function namedPosts({ postIds, hiddenPostCount }: ReadablePostIds): string {
  const others =
    hiddenPostCount === 0
      ? []
      : [`${hiddenPostCount} ${hiddenPostCount === 1 ? 'post' : 'posts'} on accounts outside this key`];
  return [...postIds, ...others].join(', ');
}
