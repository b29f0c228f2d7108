import type { CoreDeps } from '../../deps/index.js';
import { UPLOAD_TARGET_LIFETIME_MS } from './upload-targets.js';

/**
 * How long past its link's expiry an upload target is kept: a PUT that started just before the
 * link expired may still be streaming its bytes.
 */
export const ABANDONED_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes upload targets whose bytes never came (issue 22's sweep): pending assets older than the
 * link's lifetime and the grace, in batches of `batch` until none is left. They hold no bytes, so
 * nothing else goes; the removal is one conditional statement per batch, safe on several
 * processes at once. Answers how many went.
 */
export async function sweepAbandonedUploads(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  batch = 500,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - UPLOAD_TARGET_LIFETIME_MS - ABANDONED_UPLOAD_GRACE_MS);
  let removed = 0;
  for (;;) {
    const gone = await deps.store.media.deleteAbandonedUploads(before, batch);
    removed += gone;
    if (gone < batch) return removed;
  }
}
