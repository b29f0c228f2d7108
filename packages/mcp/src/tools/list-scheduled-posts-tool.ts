import { LIST_POSTS_LIMITS, listPosts, PLATFORMS, PUBLIC_POST_STATUSES } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';
import { coreInput } from './core-input.js';

const itemSchema = z.object({
  id: z.string(),
  groupId: z
    .string()
    .nullable()
    .describe('The group of posts made together; pass it as group_id to update or delete them all.'),
  status: z.enum(PUBLIC_POST_STATUSES),
  name: z.string().nullable(),
  captionPreview: z.string(),
  targets: z.array(
    z.object({ platform: z.enum(PLATFORMS), profileId: z.string(), handle: z.string().nullable() }),
  ),
  scheduledTime: z.string().nullable(),
  failedReason: z.string().nullable(),
  /** What the platform did differently from what was asked, on a published post. */
  warning: z.string().nullable(),
});

/** `svc_list_scheduled_posts`: the queue newest first, a page at a time. */
export const listScheduledPostsTool = defineTool({
  name: 'svc_list_scheduled_posts',
  title: 'List scheduled posts',
  description:
    'Lists your posts newest first with caption preview, targets, status, failure reason, warning and groupId (posts made by one call share it), optionally of one status. When nextCursor is not null, call again with it as cursor for the next page.',
  scope: 'post:read',
  action: 'post:read',
  annotations: READ_ONLY,
  input: z.strictObject({
    status: z.enum(PUBLIC_POST_STATUSES).optional().describe('Only posts in this status.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(LIST_POSTS_LIMITS.max)
      .optional()
      .describe(`Posts per page, 1 to ${LIST_POSTS_LIMITS.max} (default ${LIST_POSTS_LIMITS.default}).`),
    cursor: z.string().min(1).optional().describe('The nextCursor of the previous page.'),
  }),
  output: z.object({
    posts: z.array(itemSchema),
    count: z.number().int(),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
  }),
  async run({ deps, actor }, args) {
    return listPosts(deps.core, actor, coreInput(args)).map((page) => {
      const posts = page.posts.map((p) => ({
        id: p.id,
        groupId: p.groupId,
        status: p.status,
        name: p.name,
        captionPreview: p.captionPreview,
        targets: p.targets.map((t) => ({ ...t })),
        scheduledTime: p.scheduledTime?.toISOString() ?? null,
        failedReason: p.failedReason,
        warning: p.warning,
      }));
      const lines = posts.map(
        (p) =>
          `${p.id}${p.groupId === null ? '' : ` (group ${p.groupId})`} ${p.status}${p.scheduledTime === null ? '' : ` ${p.scheduledTime}`} ${p.targets.map((t) => (t.handle === null ? t.platform : `${t.platform} @${t.handle}`)).join(', ')}: ${p.captionPreview}`,
      );
      const more =
        page.nextCursor === null
          ? 'No more posts.'
          : `More posts: call again with cursor ${page.nextCursor}.`;
      return {
        structured: { posts, count: posts.length, nextCursor: page.nextCursor },
        summary: `${posts.length} post(s)${lines.length === 0 ? '.' : `:\n${lines.join('\n')}`}\n${more}`,
      };
    });
  },
});
