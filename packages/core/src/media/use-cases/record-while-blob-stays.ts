import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { BlobBeingRemoved } from '../ports/media-store.js';

/**
 * How long a recording waits for an orphan sweep's claim on its blob to go: up to `polls` looks,
 * `intervalMs` apart (5 s). A sweep holds a claim for one stat and one delete, so a live claim
 * that outlasts this belongs to a sweep that stopped; answering beats holding the request.
 */
export const BLOB_REMOVAL_WAIT = { polls: 20, intervalMs: 250 } as const;

/** When and how a recording is tried: the store write, given the time and since when the bytes count. */
export type BlobRecording<T> = (times: {
  readonly now: Date;
  readonly putSince: Date;
}) => Promise<T | BlobBeingRemoved>;

/**
 * Records an asset on a blob that an orphan sweep may be removing (docs/media.md, "Unused
 * files"). `putSince` is when the put of the bytes began. The store refuses with
 * `blob_being_removed` while a sweep's claim lives, or when a sweep deleted the bytes at or after
 * `putSince` (the put may have touched bytes that were then deleted). Then this waits for the claim
 * to go and looks at the bytes: still there (spared, or put again after the deletion), it records
 * again counting them from that look; gone, it answers `media_upload_interrupted` (503) with
 * nothing recorded. `noun` names what to send again ("the file", "the request").
 */
export async function recordWhileBlobStays<T extends { readonly kind: string }>(
  deps: Pick<CoreDeps, 'store' | 'blobs' | 'clock' | 'sleep'>,
  blobKey: string,
  putSince: Date,
  record: BlobRecording<T>,
  noun: string,
): Promise<Result<Exclude<T, BlobBeingRemoved>, SvcError>> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let since = putSince;
  let polls = 0;
  for (;;) {
    const outcome = await record({ now: deps.clock.now(), putSince: since });
    if (!isBeingRemoved(outcome)) return ok(outcome as Exclude<T, BlobBeingRemoved>);
    // At least one pause per refusal, so every retry is later than the removal that refused it.
    do {
      if (polls >= BLOB_REMOVAL_WAIT.polls) return err(interrupted(noun));
      polls += 1;
      await sleep(BLOB_REMOVAL_WAIT.intervalMs);
    } while (await deps.store.media.isBlobRemovalClaimed(blobKey, deps.clock.now()));
    // Read before the look: bytes seen after it were there after any removal released before it.
    since = deps.clock.now();
    if ((await deps.blobs.size(blobKey)) === null) return err(interrupted(noun));
  }
}

function isBeingRemoved(outcome: { readonly kind: string }): outcome is BlobBeingRemoved {
  return outcome.kind === 'blob_being_removed';
}

/** The retryable `media_upload_interrupted` error (503): nothing was recorded. */
function interrupted(noun: string): SvcError {
  return svcError(
    'media_upload_interrupted',
    `The stored bytes were removed as unused while this request recorded them; nothing was kept. Send ${noun} again.`,
  );
}
