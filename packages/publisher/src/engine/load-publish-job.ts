import {
  type ConnectedAccount,
  type MediaAsset,
  type MediaRef,
  type Post,
  type PublishMedia,
  type SecretBox,
  type Store,
  unpublishableReason,
} from '@svc/core';

/** Everything but the post an adapter needs, or why the post cannot be published at all. */
export type LoadedJob =
  | {
      readonly kind: 'ready';
      readonly account: ConnectedAccount;
      readonly credentials: Record<string, unknown>;
      readonly media: readonly PublishMedia[];
    }
  | { readonly kind: 'unpublishable'; readonly reason: string };

/**
 * Reads the post's target account (unless its claim round already did: `known`) and assets
 * (core's `unpublishableReason` decides whether they still allow publishing), opens the sealed
 * tokens and turns the slides into links the platform can fetch: our signed links for stored
 * assets, the caller's own for outside links.
 */
export async function loadPublishJob(
  deps: {
    readonly store: Store;
    readonly secretBox: SecretBox;
    readonly mediaUrl: (mediaId: string) => string;
  },
  post: Post,
  known?: ConnectedAccount,
): Promise<LoadedJob> {
  const accountId = post.profileIds[0];
  const account =
    accountId === undefined ? null : (known ?? (await deps.store.accounts.getAccount(accountId)));
  const assetIds = post.media.flatMap((m) => (m.kind === 'asset' ? [m.mediaId] : []));
  const assets = new Map((await deps.store.media.getMediaAssets(assetIds)).map((a) => [a.id, a]));
  const reason = unpublishableReason(post, account, assets);
  if (reason !== null || account === null || account.sealedCredentials === null) {
    return { kind: 'unpublishable', reason: reason ?? '' };
  }
  const credentials = JSON.parse(deps.secretBox.open(account.sealedCredentials)) as Record<string, unknown>;
  const media = post.media.map((ref) =>
    toPublishMedia(ref.kind === 'asset' ? assets.get(ref.mediaId) : undefined, ref, deps.mediaUrl),
  );
  return { kind: 'ready', account, credentials, media };
}

/**
 * A slide as the platform gets it: our signed link and what we read of a stored asset, or the
 * caller's own link as given.
 */
export function toPublishMedia(
  asset: MediaAsset | undefined,
  ref: MediaRef,
  mediaUrl: (mediaId: string) => string,
): PublishMedia {
  return asset === undefined
    ? {
        contentType: null,
        url: ref.kind === 'link' ? ref.url : '',
        blobKey: null,
        sizeBytes: null,
        width: null,
        height: null,
        durationMs: null,
      }
    : {
        contentType: asset.contentType,
        url: mediaUrl(asset.id),
        blobKey: asset.blobKey,
        sizeBytes: asset.sizeBytes,
        width: asset.width,
        height: asset.height,
        durationMs: asset.durationMs,
      };
}
