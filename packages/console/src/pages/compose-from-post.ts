import { getPost, slideViews } from '@svc/core';
import type { SignedContext } from '../console-context.js';
import { instagramFormFieldsOf } from '../instagram-form-meta.js';
import { platformOptionsFieldsOf } from '../platform-options-form.js';
import { threadsFormFieldsOf } from '../threads-form-meta.js';
import { youtubeFormFieldsOf } from '../youtube-form-meta.js';
import type { Draft } from './compose-draft.js';
import { firstCommentFieldsOfMeta } from './first-comment-fields.js';

/**
 * What Compose opens with when duplicating a post: the draft without a time, an origin or an
 * evergreen rule (the person picks a new time; the copy is a post of its own).
 */
export type ComposeCopy = Omit<Draft, 'time' | 'from' | 'evergreen'>;

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
