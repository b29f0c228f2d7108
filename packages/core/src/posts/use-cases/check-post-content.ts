import { err, ok, type Result } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import type { User } from '../../identity/index.js';
import type { Platform, SvcError } from '../../kernel/index.js';
import type { MediaRef } from '../../media/index.js';
import {
  checkContentPolicy,
  type MixedImageSizes,
  type PolicyIssue,
  type PolicyMedia,
} from '../../policy/index.js';
import type { PostRequest } from '../post-request.js';
import { checkCreatorOptions } from './check-creator-options.js';
import type { ImageConversion } from './convert-images.js';
import { policyError } from './policy-error.js';
import { type PrepareMediaDeps, preparePostMedia } from './prepare-post-media.js';
import { resolveMedia } from './resolve-media.js';
import { resolveThreadMedia } from './resolve-thread-media.js';

/** What a post says and shows, whichever surface it came from. */
export type PostContent = Pick<PostRequest, 'platforms' | 'caption' | 'title' | 'media' | 'platformMeta'>;

export type { MixedImageSizes } from '../../policy/index.js';

/** The content checks that need no target: what is known of each slide, and advisory findings. */
export type CheckedContent = {
  readonly media: readonly PolicyMedia[];
  readonly warnings: readonly PolicyIssue[];
};

/**
 * Checks a post's content before any target is looked at: every asset is the owner's and active,
 * the content policy passes for every platform, and a photo set that must not be padded has one
 * size on the platforms that publish sets.
 */
export async function checkPostContent(
  deps: Pick<CoreDeps, 'store' | 'policy'>,
  owner: User,
  content: PostContent,
  mixedImageSizes: MixedImageSizes,
): Promise<Result<CheckedContent, SvcError>> {
  const media = await resolveMedia(deps.store.media, owner, content.media);
  if (media.isErr()) return err(media.error);
  const parts = await resolveThreadMedia(deps.store.media, owner, content);
  if (parts.isErr()) return err(parts.error);
  const policy = checkContentPolicy({ ...content, media: media.value }, deps.policy, mixedImageSizes);
  if (!policy.ok) return err(policyError(policy.errors, policy.warnings));
  return ok({ media: media.value, warnings: policy.warnings });
}

/** The slides each target platform gets, with what the targets and the files added to say. */
export type ReadyMedia = {
  readonly media: ReadonlyMap<Platform, readonly MediaRef[]>;
  readonly warnings: readonly PolicyIssue[];
  readonly conversions: readonly ImageConversion[];
};

/**
 * Makes checked content ready for its target accounts: the TikTok creators' live options, then
 * the media each platform gets (links downloaded or read, images converted, sets padded).
 */
export async function prepareForTargets(
  deps: PrepareMediaDeps & Parameters<typeof checkCreatorOptions>[0],
  owner: User,
  content: PostContent,
  checked: CheckedContent,
  targets: readonly ConnectedAccount[],
): Promise<Result<ReadyMedia, SvcError>> {
  const creators = await checkCreatorOptions(deps, content, checked.media, targets);
  if (creators.isErr()) return err(creators.error);
  const platforms = [...new Set(targets.map((t) => t.platform))];
  const prepared = await preparePostMedia(deps, owner, content, platforms);
  if (prepared.isErr()) return err(prepared.error);
  return ok({
    media: prepared.value.media,
    warnings: [...prepared.value.warnings, ...creators.value],
    conversions: prepared.value.conversions,
  });
}
