import {
  getPostingOptions,
  postingOptionsJson,
  postingOptionsSchema,
  TIKTOK_DISCLOSURE_WORDING,
} from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** `svc_get_tiktok_posting_options`: a TikTok creator's allowed privacy levels and interactions, live. */
export const getTiktokPostingOptionsTool = defineTool({
  name: 'svc_get_tiktok_posting_options',
  title: 'Get TikTok posting options',
  description:
    "Returns a TikTok creator's allowed privacy levels and interaction settings, read live from TikTok (reused for up to a minute). TikTok's Content Sharing Guidelines apply to agents too: ask the person which of privacyLevels to use (never pick a default), keep interactions the creator turned off off, ask whether the post promotes their own brand or a third party (commercialContentDisclosure with brandOrganicOptIn / brandContentOptIn) and whether it is AI-generated (isAigc), and tell them the answer's consent sentence before scheduling. A creator_cannot_post answer is TikTok's posting limit: tell the person to try again later.",
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
        summary: `Allowed privacy levels: ${view.privacyLevels.join(', ')}.${off.length === 0 ? '' : ` Turned off by the creator: ${off.join(', ')}.`}${view.maxVideoDurationSec === null ? '' : ` Longest video: ${view.maxVideoDurationSec} s.`} ${TIKTOK_DISCLOSURE_WORDING.consent} (With branded content: ${TIKTOK_DISCLOSURE_WORDING.brandedConsent})`,
      };
    });
  },
});
