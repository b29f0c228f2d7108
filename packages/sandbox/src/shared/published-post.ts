import type { SandboxPublication } from './sandbox-publication.js';

/** A published post with what the read endpoints and permalink pages need besides the record. */
export type PublishedPost = {
  readonly record: SandboxPublication;
  readonly handle: string;
  /** Instagram/Threads shortcode; the post part of a Facebook post id. */
  readonly shortcode: string;
  /** The post id: `<pageId>_<postId>` on Facebook (also for reels), the media id elsewhere. */
  readonly postId: string;
};
