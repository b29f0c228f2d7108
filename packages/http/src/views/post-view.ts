import { type Post, publicStatus } from '@svc/core';

/** A post as GET /api/v1/posts/{id} returns it: the fields of spec 2.1, plus title and category. */
export type PostView = {
  id: string;
  status: string;
  caption: string;
  title: string | null;
  platforms: string[];
  profileIds: string[];
  mediaUrls: string[];
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
