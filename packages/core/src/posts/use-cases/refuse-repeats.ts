import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { PLATFORM_NAMES, type SvcError, svcError } from '../../kernel/index.js';
import { findRepeat, repeatQueryOf } from '../duplicate-content.js';
import type { Post } from '../post.js';

/**
 * Refuses rows that repeat a post of the same account (spec 4.2: the duplicate-content pre-flight):
 * the same caption and media, scheduled within 48 hours either way, going out or gone out.
 * Platforms refuse or bury repeats, and a repeat is almost always a request sent twice. Creating
 * posts checks again inside the insert's transaction (the store runs `findRepeat` there), so two
 * identical requests at once cannot both pass; drafts and edits are checked with this read.
 */
export async function refuseRepeats(
  deps: Pick<CoreDeps, 'store'>,
  rows: readonly Post[],
  override: string | null,
): Promise<Result<void, SvcError>> {
  for (const row of rows) {
    const query = repeatQueryOf(row);
    if (query === null) continue;
    const earlier = findRepeat(row, await deps.store.posts.postsWithContentBetween(query));
    if (earlier !== null) return err(repeatError(row, earlier, override));
  }
  return ok(undefined);
}

/**
 * The `duplicate_content` refusal of `row`, which repeats `earlier`. `override` names the field a
 * surface offers to post it anyway (REST's `allowDuplicate`), or null where there is none.
 */
export function repeatError(row: Post, earlier: Post, override: string | null): SvcError {
  const account = row.profileIds[0] ?? '';
  const platform = row.platforms[0];
  const where =
    platform === undefined ? `account ${account}` : `${PLATFORM_NAMES[platform]} account ${account}`;
  const when =
    earlier.status === 'posted'
      ? `was posted at ${(earlier.publishedAt ?? earlier.scheduledTime)?.toISOString()}`
      : `is scheduled for ${earlier.scheduledTime?.toISOString()}`;
  const instead =
    override === null
      ? 'Change the caption or the media, or post it at least 48 hours apart.'
      : `Change the caption or the media, post it at least 48 hours apart, or send ${override}: true to post it again anyway.`;
  return svcError(
    'duplicate_content',
    `Post ${earlier.id} with the same caption and media ${when} on ${where}; platforms refuse or bury repeats. ${instead}`,
    {
      duplicateOf: earlier.id,
      profileId: account,
      status: earlier.status === 'publishing' ? 'scheduled' : earlier.status,
      scheduledTime: earlier.scheduledTime?.toISOString() ?? null,
    },
  );
}
