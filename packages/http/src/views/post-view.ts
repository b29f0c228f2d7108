import { type Post, publicStatus } from '@svc/core';

/** A post as GET /api/v1/posts/{id} returns it: the fields of spec 2.1, plus title, category and media. */
export type PostView = {
  id: string;
  status: string;
  caption: string;
  title: string | null;
  platforms: string[];
  profileIds: string[];
  mediaUrls: string[];
  /**
   * The slides as this post's platform gets them: the library asset (null for an outside link),
   * its link, and the user's original when the service made the asset for the platform (a JPEG
   * converted from a PNG, a padded photo).
   */
  media: { mediaId: string | null; url: string; derivedFrom: string | null }[];
  scheduledTime: string | null;
  publishedAt: string | null;
  failedReason: string | null;
  externalId: string | null;
  permalink: string | null;
  platformMeta: Record<string, unknown> | null;
  category: string | null;
  createdAt: string;
  updatedAt: string;
};

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
