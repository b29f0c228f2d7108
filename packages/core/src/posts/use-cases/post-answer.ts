import { z } from 'zod';
import { PLATFORMS, PUBLIC_POST_STATUSES, publicStatus } from '../../kernel/index.js';
import { originalIdOf } from '../../media/index.js';
import { evergreenRuleSchema } from '../../queue/index.js';
import { firstCommentView, firstCommentViewSchema } from '../first-comment-view.js';
import type { Post } from '../post.js';
import { threadView, threadViewSchema } from '../thread-view.js';

/**
 * One slide of a post: the caller's own asset and link, and the copy the service made of it for
 * the post's platform, if it made one.
 */
export const slideViewSchema = z.object({
  mediaId: z
    .string()
    .nullable()
    .describe('The library asset the caller gave for this slide; null for an outside link.'),
  url: z
    .string()
    .describe('The link the platform is sent: the copy when there is one, else the asset or link.'),
  platformMediaId: z
    .string()
    .nullable()
    .describe(
      "The copy the service made for the post's platform (a JPEG of a PNG, a padded photo); null when the platform gets the caller's own asset or link.",
    ),
  derivedFrom: z.string().nullable().meta({
    deprecated: true,
    description:
      'Deprecated: the same as mediaId when platformMediaId is set, else null. Read mediaId and platformMediaId instead.',
  }),
});

/** A slide as `slideViewSchema` describes it. */
export type SlideView = z.infer<typeof slideViewSchema>;

/**
 * A post as every surface shows it (REST, the tools, webhooks, the console): the fields of spec
 * 2.1, plus title, category and media, the media as the caller gave them.
 */
export const postViewSchema = z
  .object({
    id: z.string(),
    groupId: z
      .string()
      .nullable()
      .describe(
        'The group of posts made together (one request to several accounts): read, move, edit or delete them all at /api/v1/post-groups/{groupId}. Null on posts made before groups existed.',
      ),
    status: z.enum(PUBLIC_POST_STATUSES),
    caption: z.string(),
    title: z.string().nullable(),
    platforms: z.array(z.enum(PLATFORMS)),
    profileIds: z.array(z.string()),
    /** The caller's library media ids, in slide order (outside links have none). */
    mediaIds: z.array(z.string()),
    /** Every slide's link, in slide order: the one its platform is sent. */
    mediaUrls: z.array(z.string()),
    media: z.array(slideViewSchema),
    scheduledTime: z.string().nullable(),
    publishedAt: z.string().nullable(),
    failedReason: z.string().nullable(),
    externalId: z.string().nullable(),
    permalink: z.string().nullable(),
    warning: z
      .string()
      .nullable()
      .describe(
        'What the platform did differently from what was asked, on a post it published anyway: a YouTube upload locked to private because the Google Cloud project has not passed the YouTube API audit, for instance. Null when it did as asked.',
      ),
    firstComment: firstCommentViewSchema.nullable(),
    thread: threadViewSchema.nullable(),
    platformMeta: z.record(z.string(), z.unknown()).nullable(),
    category: z.string().nullable(),
    evergreen: evergreenRuleSchema
      .required()
      .nullable()
      .describe(
        "The post's evergreen rule: copies of it re-enter its account's queue (docs/queue.md, Evergreen recycling). Null when it has none; copies carry none.",
      ),
    recycledFrom: z
      .string()
      .nullable()
      .describe('On a recycled copy of an evergreen post, the id of the post it copies; null otherwise.'),
    recycleNumber: z
      .number()
      .int()
      .nullable()
      .describe('On a recycled copy, its number (1 for the first copy); null otherwise.'),
    queued: z
      .boolean()
      .describe(
        "True on a draft saved with `queue: true`: once approved, each of its posts takes its account's next free posting slot (docs/queue.md, Queued drafts). False on every other post.",
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: 'post_01JDQ3Z5T2X8K9M4N6P7R0S1V2',
        groupId: 'grp_01JDQ3Z5T1W7J8K3M5N6P9Q0R1',
        status: 'scheduled',
        caption: 'Launch day',
        title: null,
        platforms: ['instagram'],
        profileIds: ['acc_01JDQ3Y0A1B2C3D4E5F6G7H8J9'],
        mediaIds: ['med_01JDQ3'],
        mediaUrls: ['https://svc.example/media/med_01JDQ4?expires=1764201600&signature=…'],
        media: [
          {
            mediaId: 'med_01JDQ3',
            url: 'https://svc.example/media/med_01JDQ4?expires=1764201600&signature=…',
            platformMediaId: 'med_01JDQ4',
            derivedFrom: 'med_01JDQ3',
          },
        ],
        scheduledTime: '2026-12-01T09:30:00.000Z',
        publishedAt: null,
        failedReason: null,
        externalId: 'launch-2026-12-01',
        permalink: null,
        warning: null,
        firstComment: null,
        platformMeta: null,
        category: null,
        evergreen: { everyDays: 30, maxTimes: 3, onlyAboveMedian: false },
        recycledFrom: null,
        recycleNumber: null,
        queued: false,
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
  });

/** A post as every surface shows it. */
export type PostView = z.infer<typeof postViewSchema>;

/**
 * The post presenter of every surface: REST, the tools, webhooks and the console call it, so a
 * caller reads back the media ids it gave whatever it asks through. Assets become links from
 * `mediaUrlFor`, outside links stay as given.
 */
export function toPostView(post: Post, mediaUrlFor: (mediaId: string) => string): PostView {
  const media = slideViews(post, mediaUrlFor);
  return {
    id: post.id,
    groupId: post.groupId,
    status: publicStatus(post.status),
    caption: post.caption,
    title: post.title,
    platforms: [...post.platforms],
    profileIds: [...post.profileIds],
    mediaIds: media.flatMap((m) => (m.mediaId === null ? [] : [m.mediaId])),
    mediaUrls: media.map((m) => m.url),
    media,
    scheduledTime: iso(post.scheduledTime),
    publishedAt: iso(post.publishedAt),
    failedReason: post.failedReason,
    externalId: post.externalId,
    permalink: post.permalink,
    warning: post.warning,
    firstComment: firstCommentView(post),
    thread: threadView(post),
    platformMeta: post.platformMeta,
    category: post.category,
    evergreen: post.evergreen === null ? null : { ...post.evergreen },
    recycledFrom: post.recycledFrom,
    recycleNumber: post.recycleNumber,
    queued: post.queued,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/**
 * A post's slides in order: each one's own asset (`originalIdOf`: a copy stands for the caller's
 * original), the copy its platform gets, and the link that platform is sent.
 */
export function slideViews(post: Pick<Post, 'media'>, mediaUrlFor: (mediaId: string) => string): SlideView[] {
  return post.media.map((m) => {
    if (m.kind === 'link') return { mediaId: null, url: m.url, platformMediaId: null, derivedFrom: null };
    const copy = m.derivedFrom === undefined ? null : m.mediaId;
    return {
      mediaId: originalIdOf(m),
      url: mediaUrlFor(m.mediaId),
      platformMediaId: copy,
      derivedFrom: copy === null ? null : originalIdOf(m),
    };
  });
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}
