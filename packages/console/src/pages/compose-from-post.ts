import { getPost, slideViews } from '@svc/core';
import type { SignedContext } from '../console-context.js';
import { type InstagramFormFields, instagramFormFieldsOf } from '../instagram-form-meta.js';
import { type PlatformOptionsFields, platformOptionsFieldsOf } from '../platform-options-form.js';
import { type ThreadsFormFields, threadsFormFieldsOf } from '../threads-form-meta.js';
import { type YouTubeFormFields, youtubeFormFieldsOf } from '../youtube-form-meta.js';
import { type FirstCommentFields, firstCommentFieldsOfMeta } from './first-comment-fields.js';

/** What Compose opens with when duplicating a post: its accounts, words, TikTok privacy, YouTube and Threads settings and files. */
export type ComposeCopy = {
  readonly caption: string;
  readonly title: string;
  readonly profileIds: readonly string[];
  readonly privacyLevel: string;
  readonly firstComments: FirstCommentFields;
  readonly youtube: YouTubeFormFields;
  readonly instagram: InstagramFormFields;
  readonly threads: ThreadsFormFields;
  readonly options: PlatformOptionsFields;
  readonly mediaIds: readonly string[];
};

/**
 * A post of the person's as Compose's starting point (`?from=post_…`); null when it is not theirs.
 * Nothing is created: the person schedules the copy, or leaves. Each slide is the person's own
 * file (a copy made for a platform stands for its original); links a platform fetched are left out.
 */
export async function composeFromPost(c: SignedContext, postId: string): Promise<ComposeCopy | null> {
  const found = await getPost(c.deps.core, c.actor, postId);
  if (found.isErr()) return null;
  const post = found.value;
  return {
    caption: post.caption,
    title: post.title ?? '',
    profileIds: post.profileIds,
    privacyLevel: post.platformMeta?.tiktok?.privacyLevel ?? '',
    firstComments: firstCommentFieldsOfMeta(post.platformMeta),
    youtube: youtubeFormFieldsOf(post.platformMeta?.youtube),
    instagram: instagramFormFieldsOf(post.platformMeta?.instagram),
    threads: threadsFormFieldsOf(post.platformMeta?.threads),
    options: platformOptionsFieldsOf(post.platformMeta ?? null),
    mediaIds: slideViews(post, () => '').flatMap((s) => (s.mediaId === null ? [] : [s.mediaId])),
  };
}
