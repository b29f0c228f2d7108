import {
  editPostGroup,
  LIMIT_PHRASES,
  postViewSchema,
  type SvcError,
  toPostView,
  type UpdateScheduledPostInput,
  updateScheduledPost,
} from '@svc/core';
import { err } from 'neverthrow';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { WRITE_IDEMPOTENT } from './annotations.js';
import { oneTarget, skippedMemberSchema } from './group-target.js';
import { profileIdsField } from './post-fields.js';

const input = z.strictObject({
  post_id: z.string().min(1).optional().describe('The scheduled post to edit (or give group_id).'),
  group_id: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Instead of post_id: edit every post of this group (the groupId of a post), with caption or scheduled_time only.',
    ),
  caption: z.string().optional().describe(`The new caption; max ${LIMIT_PHRASES.captionMax} characters.`),
  scheduled_time: z.string().optional().describe('New time, ISO 8601 with an offset, in the future.'),
  profile_ids: profileIdsField(
    'The replacement target: one profile id (a post goes to one account); its platform is used.',
  ),
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
    'Edits a post in status scheduled: give only what changes (caption, scheduled_time, profile_ids, media_id or media_ids); media_ids replaces every slide. The content policy runs again on the result. Drafts, posts awaiting approval and published or failed posts cannot be edited. With group_id instead of post_id, the new caption or scheduled_time goes to every post of the group (one per account) at once: if one refuses, it is named and nothing changes; published, failed or in-review members are left as they are and listed in group.skipped.',
  scope: 'post:write',
  action: 'post:schedule',
  annotations: WRITE_IDEMPOTENT,
  input,
  output: postViewSchema.extend({
    updated: z.array(z.enum(FIELDS)),
    group: z
      .object({ groupId: z.string(), posts: z.array(postViewSchema), skipped: z.array(skippedMemberSchema) })
      .optional()
      .describe('With group_id: every member changed, and those left as they are.'),
  }),
  async run({ deps, actor }, args) {
    const target = oneTarget(args);
    if (target.isErr()) return err(target.error);
    if (args.media_id !== undefined && args.media_ids !== undefined) {
      return err({
        code: 'ambiguous_media',
        message: 'Give media as media_id or media_ids, not both.',
        details: { field: 'media' },
      });
    }
    const mediaIds = args.media_ids ?? (args.media_id === undefined ? undefined : [args.media_id]);
    const changes: { -readonly [K in keyof UpdateScheduledPostInput]: UpdateScheduledPostInput[K] } = {
      postId: args.post_id ?? '',
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
    const viewOf = (post: Parameters<typeof toPostView>[0]) =>
      toPostView(post, (id) => deps.mediaLinks.urlFor(id));
    if (target.value.kind === 'group') {
      if (changes.profileIds !== undefined || changes.mediaIds !== undefined) return err(groupFieldsOnly());
      const { postId: _, ...groupChanges } = changes;
      const groupId = target.value.groupId;
      return editPostGroup(deps.core, actor, { groupId, ...groupChanges }).map((changed) => {
        const posts = changed.posts.map(viewOf);
        const first = posts[0] as NonNullable<(typeof posts)[0]>;
        const skipped = changed.skipped.map((s) => ({ ...s }));
        return {
          structured: { ...first, updated, group: { groupId, posts, skipped } },
          summary: `Updated ${updated.join(', ')} of ${posts.length} post(s) of group ${groupId}: ${posts.map((p) => `${p.id} on ${p.platforms.join(', ')} at ${p.scheduledTime}`).join('; ')}.${skipped.length === 0 ? '' : ` Left as they are: ${skipped.map((s) => `${s.postId} (${s.reason})`).join('; ')}`}`,
        };
      });
    }
    return updateScheduledPost(deps.core, actor, changes).map((post) => {
      const view = viewOf(post);
      return {
        structured: { ...view, updated },
        summary: `Updated ${updated.join(', ')} of post ${view.id}: scheduled for ${view.scheduledTime} on ${view.platforms.join(', ')}.`,
      };
    });
  },
});

function groupFieldsOnly(): SvcError {
  return {
    code: 'validation_failed',
    message:
      'A group is edited with caption or scheduled_time only: change targets or media of one post with its post_id.',
    details: {
      issues: [{ field: 'group_id', message: 'Only caption and scheduled_time apply to a group.' }],
    },
  };
}
