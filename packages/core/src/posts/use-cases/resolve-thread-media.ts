import { err, ok, type Result } from 'neverthrow';
import type { User } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MediaStore } from '../../media/index.js';
import type { PostRequest } from '../post-request.js';
import { threadPartsIn } from '../thread-parts.js';
import { resolveMedia } from './resolve-media.js';

/**
 * The media of a Threads reply chain's parts must be the caller's, as the post's own are
 * (`media_not_found`, naming the part: `platformMeta.threads.thread[1].mediaIds`).
 */
export async function resolveThreadMedia(
  media: MediaStore,
  owner: User,
  content: Pick<PostRequest, 'platforms' | 'platformMeta'>,
): Promise<Result<void, SvcError>> {
  if (!(content.platforms ?? []).includes('threads')) return ok(undefined);
  for (const [index, part] of threadPartsIn(content.platformMeta).entries()) {
    const refs = part.mediaIds.map((mediaId) => ({ kind: 'asset' as const, mediaId }));
    const owned = await resolveMedia(media, owner, refs);
    if (owned.isErr()) {
      return err(
        svcError('media_not_found', `Part ${index + 1} of the Threads chain: ${owned.error.message}`, {
          ...owned.error.details,
          field: `platformMeta.threads.thread[${index}].mediaIds`,
        }),
      );
    }
  }
  return ok(undefined);
}
