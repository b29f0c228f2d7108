import { getPost, PLATFORMS, type Post, PUBLIC_POST_STATUSES, publicStatus } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** The post as the tool returns it: spec 2.1, with media as ids in slide order instead of links. */
export const postStatusSchema = z.object({
  id: z.string(),
  status: z.enum(PUBLIC_POST_STATUSES),
  caption: z.string().nullable(),
  title: z.string().nullable(),
  platforms: z.array(z.enum(PLATFORMS)),
  profileIds: z.array(z.string()),
  /** Library media ids, in slide order. */
  mediaIds: z.array(z.string()),
  /** Outside links a platform fetches itself (posts created with media links through REST). */
  mediaUrls: z.array(z.string()),
  /**
   * Each slide as the post's platform gets it: the media id (null for an outside link) and, when
   * the service made that asset for the platform (a JPEG from a PNG, a padded photo), the original.
   */
  media: z.array(
    z.object({
      mediaId: z.string().nullable(),
      url: z.string().nullable(),
      derivedFrom: z.string().nullable(),
    }),
  ),
  scheduledTime: z.string().nullable(),
  publishedAt: z.string().nullable(),
  permalink: z.string().nullable(),
  failedReason: z.string().nullable(),
  externalId: z.string().nullable(),
  category: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A post in the shape of `postStatusSchema`. */
export function toPostStatus(post: Post): z.infer<typeof postStatusSchema> {
  return {
    id: post.id,
    status: publicStatus(post.status),
    caption: post.caption,
    title: post.title,
    platforms: [...post.platforms],
    profileIds: [...post.profileIds],
    mediaIds: post.media.flatMap((m) => (m.kind === 'asset' ? [m.mediaId] : [])),
    mediaUrls: post.media.flatMap((m) => (m.kind === 'link' ? [m.url] : [])),
    media: post.media.map((m) =>
      m.kind === 'link'
        ? { mediaId: null, url: m.url, derivedFrom: null }
        : { mediaId: m.mediaId, url: null, derivedFrom: m.derivedFrom ?? null },
    ),
    scheduledTime: post.scheduledTime?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    permalink: post.permalink,
    failedReason: post.failedReason,
    externalId: post.externalId,
    category: post.category,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** `svc_get_post_status`: the full detail of one post, to poll until it is posted or failed. */
export const getPostStatusTool = defineTool({
  name: 'svc_get_post_status',
  title: 'Get post status',
  description:
    'Returns one post in full: status (draft, pending_approval, scheduled, posted, failed), targets, scheduled and published times, permalink, failure reason, and media as media ids in slide order. Poll it after scheduling until the post is posted or failed.',
  scope: 'post:read',
  annotations: READ_ONLY,
  input: z.strictObject({ post_id: z.string().min(1).describe('The post id svc_schedule_post returned.') }),
  output: postStatusSchema,
  async run({ deps, actor }, args) {
    return getPost(deps.core, actor, args.post_id).map((post) => {
      const view = toPostStatus(post);
      return { structured: view, summary: summaryOf(view) };
    });
  },
});

function summaryOf(post: z.infer<typeof postStatusSchema>): string {
  const where = post.platforms.join(', ');
  switch (post.status) {
    case 'posted':
      return `Post ${post.id} was published to ${where} at ${post.publishedAt}${post.permalink === null ? '' : `: ${post.permalink}`}.`;
    case 'failed':
      return `Post ${post.id} to ${where} failed: ${post.failedReason ?? 'no reason recorded'}.`;
    case 'scheduled':
      return `Post ${post.id} is scheduled for ${post.scheduledTime} on ${where}.`;
    default:
      return `Post ${post.id} is ${post.status.replace('_', ' ')} (${where}).`;
  }
}
