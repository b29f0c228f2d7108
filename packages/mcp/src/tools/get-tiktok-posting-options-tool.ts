import { getPostingOptions, PLATFORMS } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** `svc_get_tiktok_posting_options`: a TikTok creator's allowed privacy levels and interactions, live. */
export const getTiktokPostingOptionsTool = defineTool({
  name: 'svc_get_tiktok_posting_options',
  title: 'Get TikTok posting options',
  description:
    "Returns a TikTok creator's allowed privacy levels and interaction settings, read live from TikTok (reused for up to a minute). Pick platform_meta.tiktok.privacyLevel for svc_schedule_post from privacyLevels; interactions the creator turned off must stay off.",
  scope: 'account:read',
  annotations: { ...READ_ONLY, openWorldHint: true },
  input: z.strictObject({
    profile_id: z.string().min(1).describe('A tiktok profile id from svc_list_profiles.'),
  }),
  output: z.object({
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
  }),
  async run({ deps, actor }, args) {
    return getPostingOptions(deps.core, actor, args.profile_id).map((view) => {
      const off = [
        view.commentDisabled ? 'comments' : null,
        view.duetDisabled ? 'duets' : null,
        view.stitchDisabled ? 'stitches' : null,
      ].filter((x) => x !== null);
      return {
        structured: {
          profileId: view.profileId,
          platform: view.platform,
          privacyLevels: [...view.privacyLevels],
          commentDisabled: view.commentDisabled,
          duetDisabled: view.duetDisabled,
          stitchDisabled: view.stitchDisabled,
          maxVideoDurationSec: view.maxVideoDurationSec,
          creator: { ...view.creator },
          fetchedAt: view.fetchedAt.toISOString(),
        },
        summary: `Allowed privacy levels: ${view.privacyLevels.join(', ')}.${off.length === 0 ? '' : ` Turned off by the creator: ${off.join(', ')}.`}${view.maxVideoDurationSec === null ? '' : ` Longest video: ${view.maxVideoDurationSec} s.`}`,
      };
    });
  },
});
