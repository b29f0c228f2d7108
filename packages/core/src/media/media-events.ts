import type { DomainEvent } from '../journal/index.js';
import type { MediaAsset } from './media-asset.js';

/** The event of a media asset that became usable. */
export function mediaReadyEvent(
  asset: Pick<MediaAsset, 'id' | 'ownerId' | 'contentType' | 'sizeBytes'>,
  at: Date,
): DomainEvent {
  return {
    type: 'media.ready',
    at,
    ownerId: asset.ownerId,
    subjectId: asset.id,
    data: { contentType: asset.contentType, sizeBytes: asset.sizeBytes },
  };
}

/** The event of a media asset removed from its owner's library; same data as `media.ready`. */
export function mediaDeletedEvent(
  asset: Pick<MediaAsset, 'id' | 'ownerId' | 'contentType' | 'sizeBytes'>,
  at: Date,
): DomainEvent {
  return { ...mediaReadyEvent(asset, at), type: 'media.deleted' };
}
