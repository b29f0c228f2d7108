import { publishFailure } from '@svc/core';

/**
 * Where TikTok may pull photos from (TIKTOK_VERIFIED_MEDIA_PREFIX): the verified domain or URL
 * prefix, null when none is configured; and the prefix of the service's own media links, which
 * the verified prefix stands in for when it names another public base serving the same paths (a
 * CDN or proxy in front of `/media/`).
 */
export type TikTokPhotoSource = {
  readonly verifiedPrefix: string | null;
  readonly ownMediaPrefix: string | null;
};

/**
 * The links TikTok is given for a photo post: each under the verified prefix, our own media links
 * moved under it when they are not already. Null source: any link goes (a simulator that checks
 * nothing). A refusal, with what to do, when no prefix is configured or an outside link is not
 * under it: TikTok would answer `url_ownership_unverified` anyway.
 */
export function tiktokPhotoLinks(
  urls: readonly string[],
  source: TikTokPhotoSource | null,
): { readonly ok: true; readonly urls: readonly string[] } | { readonly ok: false; readonly reason: string } {
  if (source === null) return { ok: true, urls };
  const { verifiedPrefix, ownMediaPrefix } = source;
  if (verifiedPrefix === null) return { ok: false, reason: publishFailure('tiktok_url_not_verified', {}) };
  const moved: string[] = [];
  for (const url of urls) {
    if (url.startsWith(verifiedPrefix)) moved.push(url);
    else if (ownMediaPrefix !== null && url.startsWith(ownMediaPrefix)) {
      moved.push(`${verifiedPrefix}${url.slice(ownMediaPrefix.length)}`);
    } else {
      return {
        ok: false,
        reason: publishFailure('tiktok_photo_link_unverified', { prefix: verifiedPrefix }),
      };
    }
  }
  return { ok: true, urls: moved };
}
