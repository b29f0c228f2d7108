import { scriptSteps, type TxScript } from '../../kernel/index.js';
import { LostPostWrite } from '../ports/lost-post-write.js';
import type { PostWrite } from '../ports/post-store.js';
import type { PostWriteTx } from '../ports/post-write-tx.js';
import type { Post } from '../post.js';

const tx = scriptSteps<PostWriteTx>();

/**
 * `PostStore.updatePosts`, written once: each post's compare-and-set with its events, in order. A
 * lost one throws `LostPostWrite`, so the store's transaction rolls back the writes before it and
 * `changedOnLostWrite` answers.
 */
export function* updatePostsScript(writes: readonly PostWrite[]): TxScript<PostWriteTx, Post[]> {
  const stored: Post[] = [];
  for (const w of writes) {
    const post = yield* tx.writePost(w.post, w.expectedVersion, w.events, w.before);
    if (post === null) throw new LostPostWrite(w.post.id);
    stored.push(post);
  }
  return stored;
}
