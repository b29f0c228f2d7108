import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { limitsFor, type User } from '../../identity/index.js';
import { type ErrorCode, type SvcError, svcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import { mediaReadyEvent } from '../media-events.js';
import type { StoredBlob } from '../ports/blob-store.js';
import type { MediaFacts } from '../ports/media-inspector.js';
import type { BlobBeingRemoved } from '../ports/media-store.js';
import { type BlobRecording, recordWhileBlobStays } from './record-while-blob-stays.js';

/** Deps of storing media. */
export type MediaDeps = Pick<
  CoreDeps,
  'store' | 'clock' | 'ids' | 'blobs' | 'inspector' | 'policy' | 'planLimits' | 'sleep'
>;

/**
 * How a failure is named where the bytes came from: an upload is the caller's own file (400, 413),
 * an outside link is a link that cannot be used (422, spec section 7).
 */
export type MediaOrigin = {
  readonly tooLarge: ErrorCode;
  readonly broken: ErrorCode;
  readonly notMedia: ErrorCode;
  readonly refusedType: ErrorCode;
  /** "The file", "The file at https://…": how messages name it. */
  readonly noun: string;
};

/** An upload: `file_too_large` (413), `upload_incomplete`, `unsupported_media_type`. */
export const UPLOADED_FILE: MediaOrigin = {
  tooLarge: 'file_too_large',
  broken: 'upload_incomplete',
  notMedia: 'unsupported_media_type',
  refusedType: 'unsupported_media_type',
  noun: 'The file',
};

/** A file downloaded from a link: every failure is a `media_url_*` code (422). */
export function linkedFile(url: string): MediaOrigin {
  return {
    tooLarge: 'media_url_too_large',
    broken: 'media_url_unreachable',
    notMedia: 'media_url_not_a_file',
    refusedType: 'media_url_unsupported_type',
    noun: `The file at ${url}`,
  };
}

/** Bytes received and inspected, of a type the service accepts, not yet recorded as an asset. */
export type ReceivedFile = {
  readonly blob: StoredBlob;
  /** When the put of the bytes began: a sweep that deleted the blob after it may have lost them. */
  readonly putSince: Date;
  readonly facts: MediaFacts & { readonly contentType: string };
};

/**
 * Streams bytes into blob storage (at most the policy's file size) and reads their real type and
 * dimensions; refuses what the service does not accept, removing the bytes again.
 */
export async function receiveMediaFile(
  deps: MediaDeps,
  source: AsyncIterable<Uint8Array>,
  origin: MediaOrigin,
): Promise<Result<ReceivedFile, SvcError>> {
  const maxBytes = deps.policy.maxFileBytes;
  const putSince = deps.clock.now();
  const put = await deps.blobs.put(source, { maxBytes });
  if (!put.ok) {
    return err(
      put.error.kind === 'too_large'
        ? svcError(origin.tooLarge, `${origin.noun} is over the ${maxBytes / (1024 * 1024)} MB limit.`, {
            maxBytes,
          })
        : svcError(
            origin.broken,
            `${origin.noun} did not arrive whole (${put.error.detail}). Send it again.`,
          ),
    );
  }
  const facts = await deps.inspector.inspect(put.blob.key);
  const accepted = acceptedType(deps, facts, origin);
  if (accepted.isErr()) return refuseBlob(put.blob, accepted.error);
  return ok({ blob: put.blob, putSince, facts: { ...facts, contentType: accepted.value } });
}

/**
 * Receives a file and records it in the owner's library within their storage quota. Identical
 * bytes already in the owner's library give back that asset. On any refusal the stored bytes are
 * removed again unless an asset uses them.
 */
export async function storeMediaFile(
  deps: MediaDeps,
  owner: User,
  source: AsyncIterable<Uint8Array>,
  origin: MediaOrigin,
  sourceUrl: string | null,
): Promise<Result<MediaAsset, SvcError>> {
  const received = await receiveMediaFile(deps, source, origin);
  if (received.isErr()) return err(received.error);
  const { blob, facts, putSince } = received.value;
  const asset: MediaAsset = {
    id: deps.ids.id('media'),
    ownerId: owner.id,
    status: 'active',
    contentType: facts.contentType,
    sizeBytes: blob.sizeBytes,
    width: facts.width,
    height: facts.height,
    durationMs: facts.durationMs,
    blobKey: blob.key,
    sourceUrl,
    createdAt: deps.clock.now(),
  };
  return addAssetWithinQuota(deps, owner, asset, blob, putSince, 'the file');
}

/**
 * Records a new asset on bytes put since `putSince` within the owner's storage quota, waiting out
 * a sweep of the same bytes (`recordWhileBlobStays`, whose `noun` this is); identical bytes
 * already in the owner's library answer that asset instead.
 */
export async function addAssetWithinQuota(
  deps: MediaDeps,
  owner: User,
  asset: MediaAsset,
  blob: StoredBlob,
  putSince: Date,
  noun: string,
): Promise<Result<MediaAsset, SvcError>> {
  const recorded = await recordWithinQuota(deps, owner, blob, putSince, noun, (storageLimitBytes, times) =>
    deps.store.media.addMediaAsset(asset, {
      storageLimitBytes,
      sourceUrl: asset.sourceUrl,
      events: [mediaReadyEvent(asset, asset.createdAt)],
      ...times,
    }),
  );
  if (recorded.isErr()) return err(recorded.error);
  const added = recorded.value;
  if (added.kind === 'storage_quota_exceeded') {
    return refuseBlob(blob, storageQuotaError(added.usedBytes, added.limitBytes));
  }
  return ok(added.asset);
}

/**
 * Runs a store write of an asset on `blob` under the owner's storage limit now, through
 * `recordWhileBlobStays`: the one place a recording learns its quota and waits out a sweep.
 */
export function recordWithinQuota<T extends { readonly kind: string }>(
  deps: MediaDeps,
  owner: User,
  blob: StoredBlob,
  putSince: Date,
  noun: string,
  record: (
    storageLimitBytes: number,
    times: Parameters<BlobRecording<T>>[0],
  ) => Promise<T | BlobBeingRemoved>,
): Promise<Result<Exclude<T, BlobBeingRemoved>, SvcError>> {
  const limit = storageLimitOf(deps, owner);
  return recordWhileBlobStays(deps, blob.key, putSince, (times) => record(limit, times), noun);
}

/** The owner's storage quota now. */
export function storageLimitOf(deps: MediaDeps, owner: User): number {
  return limitsFor(owner, deps.clock.now(), deps.planLimits).storageBytes;
}

/** Refuses up front when the owner has no storage left at all, before any byte is moved. */
export async function checkStorageLeft(deps: MediaDeps, owner: User): Promise<SvcError | null> {
  const limit = storageLimitOf(deps, owner);
  const used = await deps.store.media.getStorageUsed(owner.id);
  return used >= limit ? storageQuotaError(used, limit) : null;
}

/** The `storage_quota_exceeded` error. */
export function storageQuotaError(usedBytes: number, limitBytes: number): SvcError {
  const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
  return svcError(
    'storage_quota_exceeded',
    `Media storage is full: ${mb(usedBytes)} of ${mb(limitBytes)} used. Upgrade the plan to store more.`,
    { usedBytes, limitBytes },
  );
}

/** The detected type when the service accepts it; the refusal (with re-export advice) otherwise. */
function acceptedType(deps: MediaDeps, facts: MediaFacts, origin: MediaOrigin): Result<string, SvcError> {
  const type = facts.contentType;
  const allowed = deps.policy.allowedMediaTypes;
  if (type === null || !(type.startsWith('image/') || type.startsWith('video/'))) {
    return err(
      svcError(
        origin.notMedia,
        `${origin.noun} is not an image or video${type === null ? '' : ` (it is ${type})`}. Send a JPEG, PNG, WebP, GIF, MP4, MOV or WebM file.`,
        { contentType: type },
      ),
    );
  }
  if (!allowed.includes(type)) {
    const advice = deps.policy.mediaTypeAdvice[type] ?? `Convert it to one of: ${allowed.join(', ')}.`;
    return err(
      svcError(
        origin.refusedType,
        `${origin.noun} is ${type}, which the service does not accept. ${advice}`,
        {
          contentType: type,
          allowed: [...allowed],
        },
      ),
    );
  }
  return ok(type);
}

/**
 * Fails with `error`, leaving the refused bytes where they are. Blobs are shared by content: a
 * concurrent upload of the same bytes may be reading this one, or about to record an asset on it,
 * so deleting here could break that upload or leave its asset without bytes (both seen under
 * load). Bytes no asset refers to are the orphan sweep's to remove, once they are old enough.
 */
export async function refuseBlob(_blob: StoredBlob, error: SvcError): Promise<Result<never, SvcError>> {
  return err(error);
}
