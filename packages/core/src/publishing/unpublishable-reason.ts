import type { ConnectedAccount } from '../accounts/index.js';
import type { MediaAsset } from '../media/index.js';
import type { Post } from '../posts/index.js';
import { publishFailure } from './publish-failures.js';

/** Why a post cannot be published at all: what is wrong, and the sentence a person reads. */
export type UnpublishableCause =
  | { readonly kind: 'account_disconnected'; readonly reason: string }
  | { readonly kind: 'account_needs_reconnect'; readonly reason: string; readonly handle: string }
  | { readonly kind: 'media_missing'; readonly reason: string; readonly mediaId: string };

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
  return unpublishableCause(post, account, assets)?.reason ?? null;
}

/**
 * The same decision as `unpublishableReason`, with what is wrong as data, for callers that answer
 * with an error code of their own (retrying a failed post refuses what would fail again at once).
 */
export function unpublishableCause(
  post: Post,
  account: ConnectedAccount | null,
  assets: ReadonlyMap<string, MediaAsset>,
): UnpublishableCause | null {
  if (account === null || account.status !== 'active') {
    return { kind: 'account_disconnected', reason: publishFailure('account_disconnected', {}) };
  }
  if (account.needsReconnect || account.sealedCredentials === null) {
    return {
      kind: 'account_needs_reconnect',
      reason: publishFailure('account_needs_reconnect', { handle: account.handle }),
      handle: account.handle,
    };
  }
  for (const ref of post.media) {
    if (ref.kind === 'link') continue;
    if (assets.get(ref.mediaId)?.status !== 'active') {
      return {
        kind: 'media_missing',
        reason: publishFailure('media_missing', { mediaId: ref.mediaId }),
        mediaId: ref.mediaId,
      };
    }
  }
  return null;
}
