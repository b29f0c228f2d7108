import { getPost, type PostView, postViewSchema, toPostView } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** `svc_get_post_status`: the full detail of one post, to poll until it is posted or failed. */
export const getPostStatusTool = defineTool({
  name: 'svc_get_post_status',
  title: 'Get post status',
  description:
    'Returns one post in full: status (draft, awaiting review, scheduled, posted or failed; the output schema spells each value), targets, scheduled and published times, permalink, failure reason, warning (what the platform did differently from what was asked, such as a YouTube upload locked to private), firstComment (the outcome of platform_meta.<platform>.firstComment: pending, posted, failed or skipped, with the reason), thread (on a Threads post with a reply chain, the outcome of each part in order: pending, posted with its id and permalink, failed or skipped, with the reason), and media as the media ids you gave, in slide order (media[].platformMediaId is the copy a platform gets when one was made, a JPEG of a PNG for instance), and groupId: the group of posts one call made, one per account, which svc_update_scheduled_post and svc_delete_scheduled_post take as group_id to act on them all. Poll it after scheduling until the post is posted or failed.',
  scope: 'post:read',
  action: 'post:read',
  annotations: READ_ONLY,
  input: z.strictObject({ post_id: z.string().min(1).describe('The post id svc_schedule_post returned.') }),
  // Core's post presenter, REST's too: the tool reads back the media ids the caller gave.
  output: postViewSchema,
  async run({ deps, actor }, args) {
    return getPost(deps.core, actor, args.post_id).map((post) => {
      const view = toPostView(post, (id) => deps.mediaLinks.urlFor(id));
      return { structured: view, summary: summaryOf(view) };
    });
  },
});

function summaryOf(post: PostView): string {
  const group = post.groupId === null ? '' : ` It is one of group ${post.groupId}.`;
  return `${statusSentence(post)}${group}`;
}

function statusSentence(post: PostView): string {
  const where = post.platforms.join(', ');
  switch (post.status) {
    case 'posted':
      return `Post ${post.id} was published to ${where} at ${post.publishedAt}${post.permalink === null ? '' : `: ${post.permalink}`}.${post.warning === null ? '' : ` Warning: ${post.warning}`}${firstCommentSentence(post)}${threadSentence(post)}`;
    case 'failed':
      return `Post ${post.id} to ${where} failed: ${post.failedReason ?? 'no reason recorded'}.`;
    case 'scheduled':
      return `Post ${post.id} is scheduled for ${post.scheduledTime} on ${where}.`;
    default:
      return `Post ${post.id} is ${post.status.replace('_', ' ')} (${where}).`;
  }
}

// The first comment's fate, when the post has one: it never changes the post's own status.
function firstCommentSentence(post: PostView): string {
  const comment = post.firstComment;
  if (comment === null) return '';
  if (comment.status === 'posted') return ' Its first comment was posted.';
  if (comment.status === 'pending') return ' Its first comment is pending.';
  return ` Its first comment was ${comment.status}: ${comment.error ?? 'no reason recorded'}.`;
}

// The reply chain's fate, when the post has one: parts posted, and the first that was not.
function threadSentence(post: PostView): string {
  const parts = post.thread;
  if (parts === null) return '';
  const posted = parts.filter((part) => part.status === 'posted').length;
  const stopped = parts.find((part) => part.status === 'failed');
  const sentence = ` ${posted} of the ${parts.length} parts of its Threads chain were posted`;
  if (stopped !== undefined)
    return `${sentence}; part ${parts.indexOf(stopped) + 1} failed: ${stopped.error ?? 'no reason recorded'}.`;
  return parts.some((part) => part.status === 'pending') ? `${sentence} so far.` : `${sentence}.`;
}
