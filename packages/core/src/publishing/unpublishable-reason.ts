import type { ConnectedAccount } from '../domain/connected-account.js';
import type { MediaAsset } from '../domain/media-asset.js';
import type { Post } from '../domain/post.js';
import { publishFailure } from './publish-failures.js';

/**
 * Why a claimed post cannot be published at all, or null when it can: its account must still be
 * connected and not waiting for a reconnect, and every slide in our storage must still exist.
 * The post then fails with this reason, without a platform call.
 */
export function unpublishableReason(
  post: Post,
  account: ConnectedAccount | null,
  assets: ReadonlyMap<string, MediaAsset>,
): string | null {
  if (account === null || account.status !== 'active') return publishFailure('account_disconnected', {});
  if (account.needsReconnect || account.sealedCredentials === null) {
    return publishFailure('account_needs_reconnect', { handle: account.handle });
  }
  for (const ref of post.media) {
    if (ref.kind === 'link') continue;
    if (assets.get(ref.mediaId)?.status !== 'active')
      return publishFailure('media_missing', { mediaId: ref.mediaId });
  }
  return null;
}
