import { createDraft, DRAFT_TONES, PLATFORMS, PUBLIC_POST_STATUSES, publicStatus } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { WRITE } from './annotations.js';

/** `svc_draft_post`: saves a draft made from a content hint, to send for approval later. */
export const draftPostTool = defineTool({
  name: 'svc_draft_post',
  title: 'Draft post',
  description:
    'Saves a draft post whose caption is written from content_hint (fitted to the tightest caption limit of the platforms) and returns its draft id. A draft is not scheduled: send it for review with svc_request_post_approval, passing the draft id as post_id.',
  scope: 'post:draft',
  annotations: WRITE,
  input: z.strictObject({
    content_hint: z.string().min(1).describe('What the post should say; hashtags in it are kept.'),
    platforms: z
      .array(z.enum(PLATFORMS))
      .min(1)
      .optional()
      .describe('Platforms the caption must fit. Optional when profile_ids is given.'),
    tone: z.enum(DRAFT_TONES).optional().describe('casual (default), professional or promotional.'),
    name: z.string().optional().describe('A label for the draft.'),
    profile_ids: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe('Accounts pre-selected on the draft (from svc_list_profiles).'),
  }),
  output: z.object({
    draftId: z.string(),
    status: z.enum(PUBLIC_POST_STATUSES),
    name: z.string().nullable(),
    caption: z.string(),
    platforms: z.array(z.enum(PLATFORMS)),
    profileIds: z.array(z.string()),
    createdAt: z.string(),
  }),
  async run({ deps, actor }, args) {
    return createDraft(deps.core, actor, {
      contentHint: args.content_hint,
      platforms: args.platforms ?? null,
      tone: args.tone ?? null,
      name: args.name ?? null,
      profileIds: args.profile_ids ?? null,
    }).map((post) => ({
      structured: {
        draftId: post.id,
        status: publicStatus(post.status),
        name: post.name,
        caption: post.caption,
        platforms: [...post.platforms],
        profileIds: [...post.profileIds],
        createdAt: post.createdAt.toISOString(),
      },
      summary: `Saved draft ${post.id}${post.name === null ? '' : ` "${post.name}"`}: ${post.caption}\nSend it for review with svc_request_post_approval (post_id ${post.id}).`,
    }));
  },
});
