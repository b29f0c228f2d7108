import type { PublishedPost } from './published-post.js';
import type { SandboxPlatform } from './sandbox-publication.js';

/**
 * Lookups of the published posts kept beside the list (which keeps publishing order), so a read
 * or a publish costs the same with 10 posts as with 10,000: the publisher benchmark reads each
 * new Facebook post back by id, and the daily caps count an account's posts on every publish.
 * Entries are only ever added (with the list) or all cleared (with it).
 */
export type PublishedPostIndex = {
  /** The first post of a platform with this post id. */
  readonly byPostId: Map<string, PublishedPost>;
  /** The first post of a platform with this publication id (a reel's video id, a media id). */
  readonly byRecordId: Map<string, PublishedPost>;
  /** An account's posts of a platform, in publishing order. */
  readonly byAccount: Map<string, PublishedPost[]>;
};

const keyOf = (platform: SandboxPlatform, id: string) => `${platform}\u0000${id}`;

/** An empty index. */
export function createPublishedPostIndex(): PublishedPostIndex {
  return { byPostId: new Map(), byRecordId: new Map(), byAccount: new Map() };
}

/** Empties the index, as the list is emptied. */
export function clearPublishedPostIndex(index: PublishedPostIndex): void {
  index.byPostId.clear();
  index.byRecordId.clear();
  index.byAccount.clear();
}

/** Records a published post at the end of the list and in the index. */
export function addPublishedPost(
  state: { readonly posts: PublishedPost[]; readonly postIndex: PublishedPostIndex },
  post: PublishedPost,
): void {
  const { platform } = post.record;
  state.posts.push(post);
  const byPostId = keyOf(platform, post.postId);
  // The first one wins, as a search of the list from its start would find it.
  if (!state.postIndex.byPostId.has(byPostId)) state.postIndex.byPostId.set(byPostId, post);
  const byRecordId = keyOf(platform, post.record.id);
  if (!state.postIndex.byRecordId.has(byRecordId)) state.postIndex.byRecordId.set(byRecordId, post);
  const account = keyOf(platform, post.record.accountId);
  const posts = state.postIndex.byAccount.get(account);
  if (posts === undefined) state.postIndex.byAccount.set(account, [post]);
  else posts.push(post);
}

/** The first post of `platform` whose post id is `postId`. */
export function postWithPostId(
  index: PublishedPostIndex,
  platform: SandboxPlatform,
  postId: string,
): PublishedPost | undefined {
  return index.byPostId.get(keyOf(platform, postId));
}

/** The first post of `platform` whose publication id is `id`. */
export function postWithRecordId(
  index: PublishedPostIndex,
  platform: SandboxPlatform,
  id: string,
): PublishedPost | undefined {
  return index.byRecordId.get(keyOf(platform, id));
}

/** An account's posts of `platform` in publishing order (the index's own list: do not change it). */
export function accountPosts(
  index: PublishedPostIndex,
  platform: SandboxPlatform,
  accountId: string,
): readonly PublishedPost[] {
  return index.byAccount.get(keyOf(platform, accountId)) ?? [];
}
