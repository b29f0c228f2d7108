import {
  afterFirstComment,
  type FirstCommentAnswer,
  type FirstComments,
  firstCommentMark,
  markFirstComment,
  type PublishJob,
  type PublishStep,
  publishedWith,
  type SavedPublish,
} from '@svc/core';

/**
 * The mark this publish set on its post and has not sent under yet: a send right after it needs
 * no look at the platform, since nothing went out since. Any other mark (a restart, another
 * process, a send whose answer was lost) is checked against the platform first.
 */
export type FreshCommentMark = { value: string | null };

/**
 * One step of a live post's first comment, exactly once across crashes as the publish itself
 * (docs/publishing.md, "First comment"): mark, saved before the send; then send. A mark found
 * that this publish did not just set means an earlier send may have gone through: the platform
 * is asked for the account's comment first, and it is adopted when there.
 */
export async function takeFirstCommentStep(
  comments: FirstComments,
  job: PublishJob,
  text: string,
  saved: SavedPublish,
  fresh: FreshCommentMark,
  now: Date,
): Promise<PublishStep> {
  const progress = job.post.publishProgress;
  const mark = firstCommentMark(progress);
  const call = { account: job.account, credentials: job.credentials, targetId: saved.platformPostId, text };
  if (mark === null) {
    const marked = markFirstComment(progress, now);
    fresh.value = firstCommentMark(marked.kind === 'progress' ? marked.progress : null);
    return marked;
  }
  const setHere = fresh.value === mark;
  fresh.value = null;
  if (!setHere) {
    const lookup = await safely(() => comments.find({ ...call, since: new Date(mark) }));
    if (lookup.kind === 'found') {
      return publishedWith(saved, { status: 'posted', id: lookup.commentId, error: null });
    }
    if (lookup.kind === 'retry') return afterFirstComment(progress, saved, lookup);
  }
  return afterFirstComment(progress, saved, await safely(() => comments.post(call)));
}

// Adapters never reject; a bug or a fault that slips through is a passing failure all the same.
async function safely<A>(
  call: () => Promise<A>,
): Promise<A | Extract<FirstCommentAnswer, { kind: 'retry' }>> {
  try {
    return await call();
  } catch (error) {
    const detail = error instanceof Error ? error.name : 'unknown error';
    return { kind: 'retry', afterMs: 0, reason: `The platform did not answer (${detail}).` };
  }
}
