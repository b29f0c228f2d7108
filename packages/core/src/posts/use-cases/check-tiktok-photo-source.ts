import { err, ok, type Result } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { PlatformGateways } from '../../deps/index.js';
import { isVideoType, type SvcError, svcError } from '../../kernel/index.js';
import type { PolicyMedia } from '../../policy/index.js';

/** Why TikTok photo posts cannot go out on a server without a verified media prefix (docs/connections.md). */
export const TIKTOK_URL_NOT_VERIFIED =
  'TikTok pulls photos only from a domain or URL prefix verified in the TikTok developer portal, and this server names none: the operator verifies where media are served from and sets TIKTOK_VERIFIED_MEDIA_PREFIX (docs/connections.md, "Real apps: TikTok"). Video posts are not affected.';

/**
 * Refuses a TikTok photo post the server cannot publish: TikTok pulls photos by link, only from a
 * domain or URL prefix verified for the app, and the TikTok gateway has none configured (real
 * TikTok without TIKTOK_VERIFIED_MEDIA_PREFIX). Videos are uploaded, so they pass; so does any post
 * when the gateway checks no prefix (a simulator that takes any link).
 */
export function checkTikTokPhotoSource(
  platforms: PlatformGateways,
  media: readonly PolicyMedia[],
  targets: readonly ConnectedAccount[],
): Result<void, SvcError> {
  const photos = media.length > 0 && !media.some((m) => m.contentType != null && isVideoType(m.contentType));
  const target = targets.find((account) => account.platform === 'tiktok');
  if (!photos || target === undefined || platforms.tiktok?.photoPullPrefix !== null) return ok(undefined);
  return err(
    svcError('tiktok_url_not_verified', TIKTOK_URL_NOT_VERIFIED, {
      field: 'media',
      profileId: target.id,
      setting: 'TIKTOK_VERIFIED_MEDIA_PREFIX',
    }),
  );
}
