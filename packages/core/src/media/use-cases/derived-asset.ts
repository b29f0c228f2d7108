import type { Result } from 'neverthrow';
import type { User } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import type { MediaRef } from '../media-ref.js';
import type { StoredBlob } from '../ports/blob-store.js';
import { addAssetWithinQuota, type MediaDeps } from './store-media-file.js';

/** What a derived copy changes of its original. */
export type DerivedFacts = Pick<MediaAsset, 'contentType' | 'width' | 'height'>;

/**
 * Records bytes made from an asset (a converted or padded copy) as an asset of the same owner,
 * within their storage quota; `putSince` is when the image processor began putting them. Identical bytes made earlier are the same asset again, so converting
 * one photo for many posts stores it once. The slide keeps pointing at the user's original.
 */
export async function storeDerivedAsset(
  deps: MediaDeps,
  owner: User,
  original: MediaAsset,
  originalId: string,
  blob: StoredBlob,
  facts: DerivedFacts,
  putSince: Date,
): Promise<Result<MediaRef, SvcError>> {
  const copy: MediaAsset = {
    ...original,
    ...facts,
    id: deps.ids.id('media'),
    sizeBytes: blob.sizeBytes,
    blobKey: blob.key,
    sourceUrl: null,
    createdAt: deps.clock.now(),
  };
  const added = await addAssetWithinQuota(deps, owner, copy, blob, putSince, 'the request');
  return added.map((asset) => ({ kind: 'asset', mediaId: asset.id, derivedFrom: originalId }));
}

/** The id of the user's own asset a slide stands for: its original when it is a derived copy. */
export function originalIdOf(ref: Extract<MediaRef, { kind: 'asset' }>): string {
  return ref.derivedFrom ?? ref.mediaId;
}
