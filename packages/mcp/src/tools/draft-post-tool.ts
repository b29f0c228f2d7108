import {
  createDraft,
  DRAFT_TONES,
  PLATFORMS,
  PUBLIC_POST_STATUSES,
  publicStatus,
  toPostView,
} from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { WRITE } from './annotations.js';
import { coreInput } from './core-input.js';
import { platformsField, postContentFields, profileIdsField, slideList } from './post-fields.js';

/** `svc_draft_post`: saves a draft (a whole post, or a caption written from a hint) to send for approval later. */
export const draftPostTool = defineTool({
  name: 'svc_draft_post',
  title: 'Draft post',
  description:
    "Saves a draft post and returns its draft id. The caption is written from content_hint (fitted to the tightest caption limit of the platforms) unless caption gives it as written; a draft may also carry title, media (media_urls or media_ids), platform_meta, scheduled_time (or use_queue: true, to take each account's next free posting slot once approved) and the target profile_ids. A draft is not scheduled: send it for review with svc_request_post_approval (post_id = the draft id), which checks that it could publish and names anything missing.",
  scope: 'post:draft',
  action: 'post:draft',
  annotations: WRITE,
  input: z.strictObject({
    // Optional so a caption written already needs no made-up hint; with neither, core refuses
    // with missing_content, which says to give one.
    content_hint: z
      .string()
      .min(1)
      .optional()
      .describe(
        'What the post should say; hashtags in it are kept. The caption is written from it unless caption is given. Required when caption is not given.',
      ),
    caption: z.string().optional().describe('The caption, used as written instead of one from content_hint.'),
    media_urls: slideList()
      .optional()
      .describe('Public image or video links in slide order, imported into the library now.'),
    ...postContentFields,
    scheduled_time: z
      .string()
      .optional()
      .describe(
        'ISO 8601, in the future: when it goes out once approved (else at the next run after approval).',
      ),
    use_queue: z
      .boolean()
      .optional()
      .describe(
        "True instead of scheduled_time: once approved, each post takes its account's next free posting slot (svc_get_queue shows the slots).",
      ),
    platforms: platformsField('Platforms the caption must fit. Optional when profile_ids is given.'),
    tone: z.enum(DRAFT_TONES).optional().describe('casual (default), professional or promotional.'),
    name: z.string().optional().describe('A label for the draft.'),
    profile_ids: profileIdsField('Accounts pre-selected on the draft (from svc_list_profiles).'),
  }),
  output: z.object({
    draftId: z.string(),
    status: z.enum(PUBLIC_POST_STATUSES),
    name: z.string().nullable(),
    caption: z.string(),
    title: z.string().nullable(),
    platforms: z.array(z.enum(PLATFORMS)),
    profileIds: z.array(z.string()),
    mediaIds: z.array(z.string()),
    scheduledTime: z.string().nullable(),
    /** Queued: the slot is taken when the draft is approved. */
    queued: z.boolean(),
    createdAt: z.string(),
  }),
  async run({ deps, actor }, { use_queue, ...args }) {
    return createDraft(deps.core, actor, { ...coreInput(args), queue: use_queue ?? null }).map((post) => ({
      structured: {
        draftId: post.id,
        status: publicStatus(post.status),
        name: post.name,
        caption: post.caption,
        title: post.title,
        platforms: [...post.platforms],
        profileIds: [...post.profileIds],
        // The caller's ids as the post presenter lists them.
        mediaIds: toPostView(post, (id) => deps.mediaLinks.urlFor(id)).mediaIds,
        scheduledTime: post.scheduledTime?.toISOString() ?? null,
        queued: post.queued,
        createdAt: post.createdAt.toISOString(),
      },
      summary: `Saved draft ${post.id}${post.name === null ? '' : ` "${post.name}"`}${post.queued ? " for the queue (once approved, each post takes its account's next free slot)" : ''}: ${post.caption}\nSend it for review with svc_request_post_approval (post_id ${post.id}).`,
    }));
  },
});
