import {
  afterThreadPartStep,
  errorSentence,
  type MediaRef,
  type NextThreadPart,
  type PublishJob,
  type PublishStep,
  type Store,
  type ThreadPart,
} from '@svc/core';
import { toPublishMedia } from './load-publish-job.js';

/** What a step of a chain's part needs besides the post's job. */
export type ThreadPartContext = {
  readonly store: Store;
  readonly mediaUrl: (mediaId: string) => string;
  readonly now: Date;
  /** The gateway's publish step, faults already turned into `retry` (the engine's `takeStep`). */
  readonly takeStep: (job: PublishJob) => Promise<PublishStep>;
};

/**
 * One step of part `next.index` of a Threads reply chain (docs/publishing.md, "Threads reply
 * chains"). The part is published as a post of its own through the gateway's steps, with its own
 * handles (`next.progress`) and `replyToId` set, so it has the publish's guarantees: every handle
 * saved before the next call, the container's status read before a publish, and a publish whose
 * answer was lost found among the account's replies instead of being sent again. The result is
 * saved into the chain's state in `publishProgress`; the post stays published whatever happens.
 */
export async function takeThreadPartStep(
  ctx: ThreadPartContext,
  job: PublishJob,
  parts: readonly ThreadPart[],
  next: NextThreadPart,
): Promise<PublishStep> {
  const part = parts[next.index] as ThreadPart;
  const refs: MediaRef[] = part.mediaIds.map((mediaId) => ({ kind: 'asset', mediaId }));
  const assets = new Map((await ctx.store.media.getMediaAssets([...part.mediaIds])).map((a) => [a.id, a]));
  const gone = part.mediaIds.find((id) => assets.get(id)?.status !== 'active');
  const progress = job.post.publishProgress;
  if (gone !== undefined) {
    const step: PublishStep = { kind: 'failed', reason: errorSentence('media_not_found') };
    return afterThreadPartStep(progress, parts.length, next.index, step, ctx.now);
  }
  const step = await ctx.takeStep({
    ...job,
    post: { ...job.post, caption: part.caption, media: refs, publishProgress: next.progress },
    media: refs.map((ref) =>
      toPublishMedia(assets.get(ref.kind === 'asset' ? ref.mediaId : ''), ref, ctx.mediaUrl),
    ),
    replyToId: next.replyToId,
  });
  return afterThreadPartStep(progress, parts.length, next.index, step, ctx.now);
}
