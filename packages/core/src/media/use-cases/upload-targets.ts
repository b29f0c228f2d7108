import { err, ok, type Result, ResultAsync } from 'neverthrow';
import {
  type Actor,
  actorOwner,
  actorWorkspaceId,
  checkCanUpload,
  entitledUseCase,
} from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import { mediaReadyEvent } from '../media-events.js';
import {
  checkStorageLeft,
  type MediaDeps,
  receiveMediaFile,
  recordWithinQuota,
  refuseBlob,
  storageQuotaError,
  UPLOADED_FILE,
} from './store-media-file.js';

/** How long an upload target accepts its bytes. */
export const UPLOAD_TARGET_LIFETIME_MS = 15 * 60 * 1000;

/** A place to send a file's bytes to, and the media id the file will have. */
export type UploadTarget = { readonly asset: MediaAsset; readonly expiresAt: Date };

/**
 * Reserves a media id for bytes that will be sent separately (POST /api/v1/media/upload): the
 * same checks as an upload, a pending asset, and an expiry. The HTTP layer turns it into a signed
 * link the bytes are PUT to.
 */
export function createUploadTarget(deps: MediaDeps, actor: Actor): ResultAsync<UploadTarget, SvcError> {
  return entitledUseCase(deps.clock, actor, 'media:write', checkCanUpload, async (now) => {
    const full = await checkStorageLeft(deps, actorOwner(actor));
    if (full !== null) return err(full);
    const asset: MediaAsset = {
      id: deps.ids.id('media'),
      ownerId: actorWorkspaceId(actor),
      status: 'pending',
      contentType: '',
      sizeBytes: 0,
      width: null,
      height: null,
      durationMs: null,
      blobKey: null,
      sourceUrl: null,
      createdAt: now,
    };
    await deps.store.media.insertPendingAsset(asset);
    return ok({ asset, expiresAt: new Date(now.getTime() + UPLOAD_TARGET_LIFETIME_MS) });
  });
}

/**
 * Receives the bytes of an upload target whose signed link was already checked: the owner's plan
 * must still allow uploads; the bytes get the same limits and checks as an upload; the pending
 * asset becomes active under the id promised, within the storage quota.
 */
export function completeUpload(
  deps: MediaDeps,
  mediaId: string,
  source: AsyncIterable<Uint8Array>,
): ResultAsync<MediaAsset, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<MediaAsset, SvcError>> => {
      const pending = await deps.store.media.getMediaAsset(mediaId);
      const owner = pending === null ? null : await deps.store.users.getUser(pending.ownerId);
      if (pending === null || pending.status !== 'pending' || owner === null) {
        return err(alreadyUsed(mediaId));
      }
      const allowed = checkCanUpload(owner, deps.clock.now());
      if (allowed.isErr()) return err(allowed.error);
      const received = await receiveMediaFile(deps, source, UPLOADED_FILE);
      if (received.isErr()) return err(received.error);
      const { blob, facts, putSince } = received.value;
      const recorded = await recordWithinQuota(
        deps,
        owner,
        blob,
        putSince,
        'the file',
        (storageLimitBytes, times) =>
          deps.store.media.activatePendingAsset(
            mediaId,
            { ...facts, sizeBytes: blob.sizeBytes, blobKey: blob.key },
            {
              storageLimitBytes,
              events: [
                mediaReadyEvent(
                  {
                    id: mediaId,
                    ownerId: owner.id,
                    contentType: facts.contentType,
                    sizeBytes: blob.sizeBytes,
                  },
                  times.now,
                ),
              ],
              ...times,
            },
          ),
      );
      if (recorded.isErr()) return err(recorded.error);
      const activated = recorded.value;
      switch (activated.kind) {
        case 'activated':
          return ok(activated.asset);
        case 'not_pending':
          return refuseBlob(blob, alreadyUsed(mediaId));
        case 'storage_quota_exceeded':
          return refuseBlob(blob, storageQuotaError(activated.usedBytes, activated.limitBytes));
      }
    })(),
  );
}

function alreadyUsed(mediaId: string) {
  return svcError(
    'upload_not_pending',
    'This upload link was already used, or is not one. Ask for a new one.',
    { mediaId },
  );
}
