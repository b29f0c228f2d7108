import type { PublishStep } from '@svc/core';
import { nextPageCursor } from '../meta/graph-api.js';
import { findRecentPost } from '../meta/match-recent-post.js';
import { LOOKUP_WAIT_MS, permalinkStep } from '../meta/permalink-step.js';
import { progressStep } from '../shared/progress-step.js';
import { facebookCreatedSchema, facebookFeedSchema, facebookPermalinkSchema } from './facebook-api.js';
import { type FacebookStepInput, facebookContext, pageGet, pagePost } from './facebook-step-input.js';
import type { FacebookPostRequest } from './to-facebook-request.js';

/**
 * The next step of a feed or photo post. Facebook has no container whose status could tell
 * whether an earlier call went through, so once a start is recorded the Page's feed is read
 * first, and a post with the same text made since then is adopted instead of posting again;
 * unless this process set that mark itself a step ago (FreshMarks), when nothing can have gone out.
 */
export async function takeFacebookPostStep(
  input: FacebookStepInput,
  request: FacebookPostRequest,
): Promise<PublishStep> {
  const { progress, now, pageId } = input;
  const { postId, publishStartedAt } = progress;
  if (postId !== undefined) {
    return permalinkStep({
      platformPostId: postId,
      read: async () =>
        (await pageGet(input, facebookPermalinkSchema, postId, { fields: 'permalink_url' })).permalink_url ??
        null,
      lookups: progress.lookups,
      lookAgain: () => progressStep({ ...progress, lookups: progress.lookups + 1 }, LOOKUP_WAIT_MS),
      context: facebookContext(input),
    });
  }
  // Saved before the post is sent, so a lost answer is looked for instead of posting twice.
  if (publishStartedAt === undefined) {
    const mark = now.toISOString();
    input.marks.add(input.postId, mark);
    return progressStep({ ...progress, publishStartedAt: mark });
  }
  // Right after our own mark nothing can have been sent, so there is nothing to look for.
  if (input.marks.take(input.postId, publishStartedAt)) return send(input, request);

  // `published_posts` lists only what the Page itself published, with `pages_read_engagement`;
  // `/feed` also holds visitors' posts, which may need `pages_read_user_content`, and a refusal
  // there would mark the account for a reconnect that cannot fix it.
  const readPage = async (after: string | null) => {
    const feed = await pageGet(input, facebookFeedSchema, `${pageId}/published_posts`, {
      fields: 'id,message,created_time,permalink_url',
      limit: '100',
      ...(after === null ? {} : { after }),
    });
    const posts = feed.data.map((item) => ({
      id: item.id,
      text: item.message ?? '',
      createdAt: item.created_time,
      permalink: item.permalink_url ?? null,
    }));
    return { posts, after: nextPageCursor(feed) };
  };
  const earlier = await findRecentPost(readPage, request.text, new Date(publishStartedAt));
  if (earlier !== null) {
    if (earlier.permalink === null) return progressStep({ ...progress, postId: earlier.id });
    return { kind: 'published', platformPostId: earlier.id, permalink: earlier.permalink };
  }
  return send(input, request);
}

async function send(input: FacebookStepInput, request: FacebookPostRequest): Promise<PublishStep> {
  const path = `${input.pageId}/${request.edge}`;
  const created = await pagePost(input, facebookCreatedSchema, path, request.params);
  return progressStep({ ...input.progress, postId: created.post_id ?? created.id });
}
