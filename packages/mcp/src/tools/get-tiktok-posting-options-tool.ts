import { getPostingOptions, postingOptionsJson, postingOptionsSchema } from '@svc/core';
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
  action: 'account:read',
  annotations: { ...READ_ONLY, openWorldHint: true },
  input: z.strictObject({
    profile_id: z.string().min(1).describe('A tiktok profile id from svc_list_profiles.'),
  }),
  output: postingOptionsSchema,
  async run({ deps, actor }, args) {
    return getPostingOptions(deps.core, actor, args.profile_id).map((view) => {
      const off = [
        view.commentDisabled ? 'comments' : null,
        view.duetDisabled ? 'duets' : null,
        view.stitchDisabled ? 'stitches' : null,
      ].filter((x) => x !== null);
      return {
        structured: postingOptionsJson(view),
        summary: `Allowed privacy levels: ${view.privacyLevels.join(', ')}.${off.length === 0 ? '' : ` Turned off by the creator: ${off.join(', ')}.`}${view.maxVideoDurationSec === null ? '' : ` Longest video: ${view.maxVideoDurationSec} s.`}`,
      };
    });
  },
});
