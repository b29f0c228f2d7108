import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, useCase } from '../../identity/index.js';
import { encodeListCursor, listCursorOf, type SvcError, svcError } from '../../kernel/index.js';
import { type MediaItem, mediaItemsOf } from './media-item.js';

/** Default and largest page size of GET /api/v1/media. */
export const LIST_MEDIA_LIMITS = { default: 20, max: 100 } as const;

/** What GET /api/v1/media asks for. */
export type ListMediaInput = {
  readonly limit?: number | null;
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string | null;
};

/** A page of the media library and the cursor of the next (null on the last page). */
export type MediaList = { readonly media: readonly MediaItem[]; readonly nextCursor: string | null };

/**
 * The actor's media library newest first (`post:read`: there is no media read scope, and the
 * library is what posts are made of): active assets only, each with the posts that use it.
 * Upload targets whose bytes have not arrived are left out. The cursor is opaque to callers.
 */
export function listMedia(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  input: ListMediaInput,
): ResultAsync<MediaList, SvcError> {
  return useCase(actor, { scope: 'post:read', action: 'media:read' }, () => list(deps, actor, input));
}

async function list(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  input: ListMediaInput,
): Promise<Result<MediaList, SvcError>> {
  const limit = input.limit ?? LIST_MEDIA_LIMITS.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MEDIA_LIMITS.max) {
    return err(
      svcError('validation_failed', `limit must be a whole number from 1 to ${LIST_MEDIA_LIMITS.max}.`, {
        field: 'limit',
      }),
    );
  }
  const after = listCursorOf(input.cursor);
  if (after.isErr()) return err(after.error);
  const page = await deps.store.media.listMediaAssets({
    ownerId: actorWorkspaceId(actor),
    limit,
    after: after.value,
  });
  return ok({
    media: await mediaItemsOf(deps, actor, page.assets),
    nextCursor: page.next === null ? null : encodeListCursor(page.next),
  });
}
