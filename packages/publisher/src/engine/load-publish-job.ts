import type { ConnectedAccount, Post, PublishMedia, SecretBox, Store } from '@svc/core';

/** Everything but the post an adapter needs, or why the post cannot be published at all. */
export type LoadedJob =
  | {
      readonly kind: 'ready';
      readonly account: ConnectedAccount;
      readonly credentials: Record<string, unknown>;
      readonly media: readonly PublishMedia[];
    }
  | { readonly kind: 'unpublishable'; readonly reason: string; readonly reconnect: boolean };

/**
 * Reads the post's target account, opens its sealed tokens and turns its slides into links the
 * platform can fetch: our signed links for stored assets, the caller's own for outside links.
 */
export async function loadPublishJob(
  deps: {
    readonly store: Store;
    readonly secretBox: SecretBox;
    readonly mediaUrl: (mediaId: string) => string;
  },
  post: Post,
): Promise<LoadedJob> {
  const accountId = post.profileIds[0];
  const account = accountId === undefined ? null : await deps.store.accounts.getAccount(accountId);
  if (account === null || account.status !== 'active') {
    return {
      kind: 'unpublishable',
      reason: 'The account was disconnected before the post went out.',
      reconnect: false,
    };
  }
  if (account.needsReconnect || account.sealedCredentials === null) {
    return {
      kind: 'unpublishable',
      reason: `The account @${account.handle} needs to be reconnected before posts can publish to it.`,
      reconnect: true,
    };
  }
  const credentials = JSON.parse(deps.secretBox.open(account.sealedCredentials)) as Record<string, unknown>;
  const assetIds = post.media.flatMap((m) => (m.kind === 'asset' ? [m.mediaId] : []));
  const assets = new Map((await deps.store.media.getMediaAssets(assetIds)).map((a) => [a.id, a]));
  const media: PublishMedia[] = [];
  for (const ref of post.media) {
    if (ref.kind === 'link') {
      media.push({
        contentType: null,
        url: ref.url,
        blobKey: null,
        sizeBytes: null,
        width: null,
        height: null,
        durationMs: null,
      });
      continue;
    }
    const asset = assets.get(ref.mediaId);
    if (asset === undefined || asset.status !== 'active') {
      return {
        kind: 'unpublishable',
        reason: `The media ${ref.mediaId} of this post no longer exists.`,
        reconnect: false,
      };
    }
    media.push({
      contentType: asset.contentType,
      url: deps.mediaUrl(asset.id),
      blobKey: asset.blobKey,
      sizeBytes: asset.sizeBytes,
      width: asset.width,
      height: asset.height,
      durationMs: asset.durationMs,
    });
  }
  return { kind: 'ready', account, credentials, media };
}
