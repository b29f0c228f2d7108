import {
  LIMIT_PHRASES,
  postViewSchema,
  toPostView,
  type UpdateScheduledPostInput,
  updateScheduledPost,
} from '@svc/core';
import { err } from 'neverthrow';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { WRITE_IDEMPOTENT } from './annotations.js';

const input = z.strictObject({
  post_id: z.string().min(1).describe('The scheduled post to edit.'),
  caption: z.string().optional().describe(`The new caption; max ${LIMIT_PHRASES.captionMax} characters.`),
  scheduled_time: z.string().optional().describe('New time, ISO 8601 with an offset, in the future.'),
  profile_ids: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('The replacement target: one profile id (a post goes to one account); its platform is used.'),
  media_id: z.string().min(1).optional().describe('Shorthand for media_ids with one id.'),
  media_ids: z
    .array(z.string().min(1))
    .max(LIMIT_PHRASES.maxMediaItems)
    .optional()
    .describe('Media ids in slide order; replaces the whole set, does not append.'),
});

type Args = z.infer<typeof input>;

/** The arguments that change something, in the order the summary names them. */
const FIELDS = ['caption', 'scheduled_time', 'profile_ids', 'media_ids'] as const;

/** `svc_update_scheduled_post`: replaces caption, time, target or media of a scheduled post. */
export const updateScheduledPostTool = defineTool<Args>({
  name: 'svc_update_scheduled_post',
  title: 'Update scheduled post',
  description:
    'Edits a post in status scheduled: give only what changes (caption, scheduled_time, profile_ids, media_id or media_ids); media_ids replaces every slide. The content policy runs again on the result. Drafts, posts awaiting approval and published or failed posts cannot be edited.',
  scope: 'post:write',
  annotations: WRITE_IDEMPOTENT,
  input,
  output: postViewSchema.extend({ updated: z.array(z.enum(FIELDS)) }),
  async run({ deps, actor }, args) {
    if (args.media_id !== undefined && args.media_ids !== undefined) {
      return err({
        code: 'ambiguous_media',
        message: 'Give media as media_id or media_ids, not both.',
        details: { field: 'media' },
      });
    }
    const mediaIds = args.media_ids ?? (args.media_id === undefined ? undefined : [args.media_id]);
    const changes: { -readonly [K in keyof UpdateScheduledPostInput]: UpdateScheduledPostInput[K] } = {
      postId: args.post_id,
    };
    if (args.caption !== undefined) changes.caption = args.caption;
    if (args.scheduled_time !== undefined) changes.scheduledTime = args.scheduled_time;
    if (args.profile_ids !== undefined) changes.profileIds = args.profile_ids;
    if (mediaIds !== undefined) changes.mediaIds = mediaIds;
    const updated = FIELDS.filter((f) =>
      f === 'media_ids' ? mediaIds !== undefined : args[f] !== undefined,
    );
    if (updated.length === 0) {
      return err({
        code: 'validation_failed',
        message:
          'Nothing to change: give at least one of caption, scheduled_time, profile_ids, media_id or media_ids.',
        details: { issues: [{ field: '(arguments)', message: 'No change given.' }] },
      });
    }
    return updateScheduledPost(deps.core, actor, changes).map((post) => {
      const view = toPostView(post, (id) => deps.mediaLinks.urlFor(id));
      return {
        structured: { ...view, updated },
        summary: `Updated ${updated.join(', ')} of post ${view.id}: scheduled for ${view.scheduledTime} on ${view.platforms.join(', ')}.`,
      };
    });
  },
});
