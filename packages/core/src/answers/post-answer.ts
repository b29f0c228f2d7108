import { z } from 'zod';
import { PLATFORMS } from '../domain/platform.js';
import { type Post, PUBLIC_POST_STATUSES, publicStatus } from '../domain/post.js';

/** A post as the REST API shows it: the fields of spec 2.1, plus title, category and media. */
export const postViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(PUBLIC_POST_STATUSES),
    caption: z.string(),
    title: z.string().nullable(),
    platforms: z.array(z.enum(PLATFORMS)),
    profileIds: z.array(z.string()),
    mediaUrls: z.array(z.string()),
    /**
     * The slides as this post's platform gets them: the library asset (null for an outside link),
     * its link, and the user's original when the service made the asset for the platform (a JPEG
     * converted from a PNG, a padded photo).
     */
    media: z.array(
      z.object({ mediaId: z.string().nullable(), url: z.string(), derivedFrom: z.string().nullable() }),
    ),
    scheduledTime: z.string().nullable(),
    publishedAt: z.string().nullable(),
    failedReason: z.string().nullable(),
    externalId: z.string().nullable(),
    permalink: z.string().nullable(),
    platformMeta: z.record(z.string(), z.unknown()).nullable(),
    category: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: 'post_01JDQ3Z5T2X8K9M4N6P7R0S1V2',
        status: 'scheduled',
        caption: 'Launch day',
        title: null,
        platforms: ['instagram'],
        profileIds: ['acc_01JDQ3Y0A1B2C3D4E5F6G7H8J9'],
        mediaUrls: ['https://svc.example/media/med_01JDQ3?expires=1764201600&signature=…'],
        media: [{ mediaId: 'med_01JDQ3', url: 'https://svc.example/media/med_01JDQ3?…', derivedFrom: null }],
        scheduledTime: '2026-12-01T09:30:00.000Z',
        publishedAt: null,
        failedReason: null,
        externalId: 'launch-2026-12-01',
        permalink: null,
        platformMeta: null,
        category: null,
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
  });

/** A post as the REST API shows it. */
export type PostView = z.infer<typeof postViewSchema>;

/** Presents a post; media assets become links from `mediaUrlFor`, outside links stay as given. */
export function toPostView(post: Post, mediaUrlFor: (mediaId: string) => string): PostView {
  return {
    id: post.id,
    status: publicStatus(post.status),
    caption: post.caption,
    title: post.title,
    platforms: [...post.platforms],
    profileIds: [...post.profileIds],
    mediaUrls: post.media.map((m) => (m.kind === 'link' ? m.url : mediaUrlFor(m.mediaId))),
    media: post.media.map((m) =>
      m.kind === 'link'
        ? { mediaId: null, url: m.url, derivedFrom: null }
        : { mediaId: m.mediaId, url: mediaUrlFor(m.mediaId), derivedFrom: m.derivedFrom ?? null },
    ),
    scheduledTime: iso(post.scheduledTime),
    publishedAt: iso(post.publishedAt),
    failedReason: post.failedReason,
    externalId: post.externalId,
    permalink: post.permalink,
    platformMeta: post.platformMeta,
    category: post.category,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}
