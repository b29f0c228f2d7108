import type { FirstComments } from '../first-comment.js';
import type { PublishJob, PublishStep } from '../publish-step.js';

/** The publishing part of a platform's gateway (`PlatformGateway` in deps is all of it). */
export type PublishGateway = {
  /**
   * Takes the next step of publishing `job.post`, reading the handles of earlier steps from
   * `job.post.publishProgress`. A step whose outcome is unknown must be checked against the
   * platform before anything is sent again.
   */
  publishStep(job: PublishJob): Promise<PublishStep>;
  /**
   * For a platform that fetches photos from our links only under a domain or URL prefix verified
   * with it (TikTok's PULL_FROM_URL): that prefix, or null when none is configured, so photo posts
   * cannot publish. Absent where any public link will do.
   */
  readonly photoPullPrefix?: string | null;
  /**
   * Posting a first comment under a live post (Instagram, Facebook, YouTube; a reply on Threads).
   * Absent where the platform takes none: a post's first comment is then never attempted.
   */
  readonly firstComments?: FirstComments;
  /**
   * Whether `publishStep` publishes a job with `replyToId` as a reply to it (Threads): such a
   * gateway publishes a post's reply chain after the post. Absent elsewhere.
   */
  readonly replyChains?: boolean;
};
