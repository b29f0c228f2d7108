import { z } from 'zod';
import { PLATFORMS } from '../../kernel/index.js';
import type { PostingOptionsView } from './get-posting-options.js';

/** An account's live posting options as JSON: the same on REST and in `svc_get_tiktok_posting_options`. */
export const postingOptionsSchema = z.object({
  profileId: z.string(),
  platform: z.enum(PLATFORMS),
  privacyLevels: z.array(z.string()),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
  maxVideoDurationSec: z.number().nullable(),
  creator: z.object({
    username: z.string().nullable(),
    nickname: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  fetchedAt: z.string(),
});

/** Posting options as JSON (dates as ISO strings). */
export function postingOptionsJson(view: PostingOptionsView): z.infer<typeof postingOptionsSchema> {
  return {
    profileId: view.profileId,
    platform: view.platform,
    privacyLevels: [...view.privacyLevels],
    commentDisabled: view.commentDisabled,
    duetDisabled: view.duetDisabled,
    stitchDisabled: view.stitchDisabled,
    maxVideoDurationSec: view.maxVideoDurationSec,
    creator: { ...view.creator },
    fetchedAt: view.fetchedAt.toISOString(),
  };
}
