import { err, type Result, type ResultAsync } from 'neverthrow';
import { type Actor, actorOwner, checkCanUpload, entitledUseCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import { checkStorageLeft, type MediaDeps, storeMediaFile, UPLOADED_FILE } from './store-media-file.js';

/**
 * Stores an uploaded file in the actor's media library (POST /api/v1/media): `media:write`, a
 * plan that allows uploads, room in the storage quota, at most 50 MB (checked while the bytes
 * stream in), and a type read from the bytes that the service accepts. Identical bytes already in
 * the library give back that asset.
 */
export function uploadMedia(
  deps: MediaDeps,
  actor: Actor,
  source: AsyncIterable<Uint8Array>,
): ResultAsync<MediaAsset, SvcError> {
  return entitledUseCase(deps.clock, actor, 'media:write', checkCanUpload, () => upload(deps, actor, source));
}

async function upload(
  deps: MediaDeps,
  actor: Actor,
  source: AsyncIterable<Uint8Array>,
): Promise<Result<MediaAsset, SvcError>> {
  const full = await checkStorageLeft(deps, actorOwner(actor));
  if (full !== null) return err(full);
  return storeMediaFile(deps, actorOwner(actor), source, UPLOADED_FILE, null);
}
