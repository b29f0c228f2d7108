import { Readable } from 'node:stream';
import {
  type BulkRowOutcome,
  exportPosts,
  importPosts,
  LIST_TEXT_FILTER_MAX,
  listPostRecords,
  PLATFORMS,
  PUBLIC_POST_STATUSES,
  parseBulkPosts,
  policyIssueSchema,
  postViewSchema,
  REST_LIST_POSTS_MAX,
  retryPost,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { queryFlag } from '../query-flag.js';
import { postViewOf } from './post-view-of.js';

const dateTime = z.iso
  .datetime({
    offset: true,
    error: 'Expected an ISO 8601 date-time with an offset, e.g. 2026-12-01T09:30:00Z.',
  })
  .transform((text) => new Date(text));

/** The list's filters, shared by the list and the export. */
const filters = {
  status: z
    .enum(PUBLIC_POST_STATUSES)
    .optional()
    .describe('Only posts in this status (`scheduled` includes publishing).'),
  platform: z.enum(PLATFORMS).optional().describe('Only posts to this platform.'),
  profileId: z.string().min(1).max(200).optional().describe('Only posts to this account.'),
  from: dateTime.optional().describe('Only posts scheduled at or after this time.'),
  to: dateTime.optional().describe('Only posts scheduled before this time.'),
  q: z
    .string()
    .max(LIST_TEXT_FILTER_MAX)
    .optional()
    .describe(
      `Only posts whose caption or title contains this text, ignoring the case of A to Z; % and _ are plain characters. Trimmed; at most ${LIST_TEXT_FILTER_MAX} characters.`,
    ),
};

const listQuery = z.object({
  ...filters,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REST_LIST_POSTS_MAX)
    .optional()
    .describe(`Posts per page, 1 to ${REST_LIST_POSTS_MAX} (default 20).`),
  cursor: z.string().min(1).max(500).optional().describe('The nextCursor of the previous page.'),
});

const exportQuery = z.object({
  format: z
    .enum(['csv', 'json'])
    .optional()
    .describe('csv or json; without it, the Accept header chooses (csv by default).'),
  ...filters,
});

const bulkQuery = z.object({
  dryRun: queryFlag('true: check every row and write nothing.'),
});

const rowErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const bulkResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(
    z.object({
      row: z.number().int().describe("The row among the file's posts, from 1."),
      ok: z.boolean(),
      postIds: z.array(z.string()).optional(),
      status: z.literal('scheduled').optional(),
      replayed: z.boolean().optional(),
      posts: z.number().int().optional().describe('Posts the row created or would create.'),
      warnings: z.array(policyIssueSchema).optional(),
      error: rowErrorSchema.optional(),
    }),
  ),
  totals: z.object({
    rows: z.number().int(),
    ok: z.number().int(),
    failed: z.number().int(),
    posts: z.number().int(),
    replayed: z.number().int(),
  }),
});

const SAMPLE_CSV =
  'caption,platforms,scheduledTime,mediaUrls,externalId\n"Spring sale starts today!",instagram|threads,2026-03-02T09:00:00+01:00,https://cdn.example.com/spring/hero.jpg,spring-2026-day-1\n';

/** Listing posts, retrying a failed one, and bulk import and export. */
export function postListOperations(deps: HttpDeps): AnyOperation[] {
  const view = postViewOf(deps);
  return [
    defineOperation({
      id: 'listPosts',
      method: 'GET',
      path: '/api/v1/posts',
      tag: 'Posts',
      summary: 'List posts, newest first, a page at a time',
      description:
        "Deleted posts are left out (see the console's Deleted tab). Follow `nextCursor` until it is null.",
      access: { scope: 'post:read', action: 'post:read' },
      query: listQuery,
      responses: {
        200: {
          description: 'A page of posts.',
          schema: z.object({
            posts: z.array(postViewSchema),
            nextCursor: z.string().nullable().describe('Null on the last page.'),
          }),
        },
      },
      errors: [],
    })(async ({ ctx, query }) => {
      const { limit, cursor, q, ...rest } = query;
      const page = await unwrap(
        listPostRecords(
          deps.core,
          actorOf(ctx),
          { ...defined(rest), text: q ?? null, limit: limit ?? null, cursor: cursor ?? null },
          { maxLimit: REST_LIST_POSTS_MAX },
        ),
      );
      return { status: 200, body: { posts: page.posts.map(view), nextCursor: page.nextCursor } };
    }),
    defineOperation({
      id: 'retryPost',
      method: 'POST',
      path: '/api/v1/posts/{id}/retry',
      tag: 'Posts',
      summary: 'Try a failed post again',
      description:
        'The same post (same id) goes back to `scheduled`: at `scheduledTime` when given, otherwise at the next publisher run. Its failure reason is cleared and it takes no new quota slot. Refused while what made it fail is still true (an account to reconnect, media gone).',
      access: { scope: 'post:write', action: 'post:schedule' },
      body: {
        kind: 'json',
        schema: z.strictObject({ scheduledTime: dateTime.optional() }),
        optional: true,
        example: { scheduledTime: '2031-12-01T09:30:00Z' },
      },
      responses: { 200: { description: 'The post, scheduled again.', schema: postViewSchema } },
      errors: [
        'post_not_found',
        'invalid_post_state',
        'scheduled_time_in_past',
        'invalid_scheduled_time',
        'plan_required',
        'account_needs_reconnect',
        'invalid_profile_ids',
        'media_not_found',
        'duplicate_content',
      ],
    })(async ({ ctx, params, body }) => {
      const post = await unwrap(
        retryPost(deps.core, actorOf(ctx), params.id ?? '', { scheduledTime: body?.scheduledTime ?? null }),
      );
      return { status: 200, body: view(post) };
    }),
    defineOperation({
      id: 'importPosts',
      method: 'POST',
      path: '/api/v1/posts/bulk',
      tag: 'Posts',
      summary: 'Create many posts from a CSV or JSON file',
      description:
        'Each row is one create request with the checks of POST /api/v1/posts; a refused row does not stop the others. With `dryRun=true` every row is checked and nothing is written. Give each row an `externalId` so the import can be run again safely. See docs/bulk.md.',
      access: { scope: 'post:write', action: 'post:schedule' },
      query: bulkQuery,
      body: {
        kind: 'text',
        types: {
          'text/csv': { schema: z.string().describe('A CSV file with a header row.'), example: SAMPLE_CSV },
          'application/json': {
            // Rows are read one by one: a row that is not a valid payload is that row's error (200).
            schema: z
              .union([z.array(z.unknown()), z.object({ posts: z.array(z.unknown()) })])
              .describe('Create payloads (as POST /api/v1/posts takes), as a list or as {posts: [...]}.'),
            example: { posts: [{ platforms: ['threads'], caption: 'Hello', externalId: 'hello-1' }] },
          },
        },
      },
      responses: {
        200: { description: "Every row's outcome, in file order, and the totals.", schema: bulkResultSchema },
      },
      errors: ['plan_required', 'invalid_json'],
    })(async ({ ctx, query, body }) => {
      const rows = await unwrap(parseBulkPosts(body.text, body.type === 'text/csv' ? 'csv' : 'json'));
      const result = await unwrap(importPosts(deps.core, actorOf(ctx), rows, { dryRun: query.dryRun }));
      return { status: 200, body: { ...result, rows: result.rows.map(rowJson) } };
    }),
    defineOperation({
      id: 'exportPosts',
      method: 'GET',
      path: '/api/v1/posts/export',
      tag: 'Posts',
      summary: 'Export posts as a bulk file (CSV or JSON) that the import reads back',
      access: { scope: 'post:read', action: 'post:read' },
      query: exportQuery,
      responses: {
        200: {
          description: 'The posts, streamed, newest first.',
          raw: {
            'text/csv': z.string().describe("The import's columns, a header row first."),
            'application/json': z.object({ posts: z.array(z.record(z.string(), z.unknown())) }),
          },
        },
      },
      errors: [],
    })(async ({ ctx, query }) => {
      // Without `format`, the Accept header chooses (CSV unless JSON is preferred).
      const {
        format = ctx.accepts('text/csv', 'application/json') === 'application/json' ? 'json' : 'csv',
        q,
        ...rest
      } = query;
      const chunks = await unwrap(
        exportPosts(deps.core, actorOf(ctx), { ...defined(rest), text: q ?? null }, format),
      );
      ctx.type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="posts.${format}"`);
      ctx.body = Readable.from(chunks);
      return { status: 200, raw: true };
    }),
  ];
}

function rowJson(outcome: BulkRowOutcome) {
  const { error, ...rest } = outcome;
  return error === undefined
    ? rest
    : {
        ...rest,
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      };
}
