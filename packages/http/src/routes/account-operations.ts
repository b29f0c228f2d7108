import {
  ANALYTICS_DAYS,
  accountSummaryJson,
  accountSummarySchema,
  accountViewSchema,
  analyticsAnswerSchema,
  createConnectionRequest,
  disconnectAccount,
  getAccountSummary,
  getAnalytics,
  getPostingOptions,
  isPlatform,
  listConnections,
  PLATFORMS,
  postingOptionsJson,
  postingOptionsSchema,
  svcError,
  toAccountView,
} from '@svc/core';
import { SvcFailure, unwrap } from '@svc/web';
import { z } from 'zod';
import { countedList, countedListSchema } from '../counted-list.js';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defineOperation } from '../operation.js';
import { queryFlag } from '../query-flag.js';
import { useCaseOperation } from '../use-case-operation.js';

const connectionRequestSchema = z.object({
  requestId: z.string(),
  platform: z.enum(PLATFORMS),
  connectUrl: z.string().describe('Open this in a browser to connect the account; it works once.'),
  expiresAt: z.string(),
});

const analyticsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(ANALYTICS_DAYS.min)
    .max(ANALYTICS_DAYS.max)
    .optional()
    .describe(`The window in days (default ${ANALYTICS_DAYS.default}).`),
  // Repeated (`?profile_ids=a&profile_ids=b`) or comma-separated.
  profile_ids: z
    .preprocess((value) => (Array.isArray(value) ? value.join(',') : value), z.string().max(2000))
    .optional()
    .describe('Only these accounts, comma-separated; omit for every account the key may see.'),
  timezone: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('IANA time zone for best hour and weekday (default UTC).'),
});

/** Connected accounts, connecting new ones, their posting options, the account summary and analytics. */
export function accountOperations(deps: HttpDeps): AnyOperation[] {
  const base = deps.baseUrl.replace(/\/+$/, '');
  return [
    useCaseOperation({
      id: 'listConnections',
      method: 'GET',
      path: '/api/v1/connections',
      tag: 'Accounts',
      summary: 'List connected accounts',
      scope: 'account:read',
      action: 'account:read',
      answer: {
        description: 'The active accounts the key may see, oldest connection first. Never tokens.',
        schema: countedListSchema('accounts', accountViewSchema),
      },
      errors: [],
    })(deps.core, listConnections, countedList('accounts', toAccountView)),
    defineOperation({
      id: 'createConnection',
      method: 'POST',
      path: '/api/v1/connections',
      tag: 'Accounts',
      summary: 'Start connecting an account: answers the link a person opens',
      access: { scope: 'account:write', action: 'account:manage' },
      body: {
        kind: 'json',
        schema: z.object({ platform: z.enum(PLATFORMS) }),
        parsedBy: 'core',
        example: { platform: 'instagram' },
      },
      responses: {
        200: { description: 'The connection request and its link.', schema: connectionRequestSchema },
      },
      errors: ['unsupported_platform', 'platform_unavailable'],
    })(async ({ ctx, body }) => {
      const platform = (body as { platform?: unknown } | undefined)?.platform;
      if (!isPlatform(platform)) {
        throw new SvcFailure(
          svcError('unsupported_platform', `Send "platform" as one of ${PLATFORMS.join(', ')}.`, {
            allowed: [...PLATFORMS],
          }),
        );
      }
      const request = await unwrap(createConnectionRequest(deps.core, actorOf(ctx), { platform }));
      return {
        status: 200,
        body: {
          requestId: request.id,
          platform: request.platform,
          connectUrl: `${base}/connect/${request.id}`,
          expiresAt: request.expiresAt.toISOString(),
        },
      };
    }),
    useCaseOperation({
      id: 'disconnectConnection',
      method: 'DELETE',
      path: '/api/v1/connections/{id}',
      tag: 'Accounts',
      summary: 'Disconnect an account',
      description:
        'Its tokens are erased at once. Refused with `account_has_scheduled_posts` (listing them) while posts wait to go out to it, unless `force=true`: then those posts fail at their time with the reason that the account was disconnected (reconnecting before then lets them publish). Disconnecting again answers the same.',
      scope: 'account:write',
      action: 'account:manage',
      query: z.object({ force: queryFlag('true: disconnect even with posts waiting.') }),
      answer: {
        description: 'The account is disconnected.',
        schema: z.object({
          id: z.string(),
          disconnected: z.literal(true),
          alreadyDisconnected: z.boolean(),
          pendingPostIds: z
            .array(z.string())
            .describe('Posts that will fail unless the account is reconnected.'),
        }),
      },
      errors: ['account_not_found', 'account_has_scheduled_posts'],
    })(deps.core, disconnectAccount, (done) => ({
      id: done.account.id,
      disconnected: true as const,
      alreadyDisconnected: done.alreadyDisconnected,
      pendingPostIds: done.pendingPostIds,
    })),
    useCaseOperation({
      id: 'getPostingOptions',
      method: 'GET',
      path: '/api/v1/connections/{id}/posting-options',
      tag: 'Accounts',
      summary: "Read an account's live posting options (TikTok privacy levels and interactions)",
      scope: 'account:read',
      action: 'account:read',
      answer: { description: 'The options, reused for up to a minute.', schema: postingOptionsSchema },
      errors: [
        'invalid_profile_ids',
        'profile_scope_denied',
        'account_needs_reconnect',
        'platform_unreachable',
      ],
    })(deps.core, getPostingOptions, postingOptionsJson),
    useCaseOperation({
      id: 'getAccount',
      method: 'GET',
      path: '/api/v1/account',
      tag: 'Accounts',
      summary: 'The account at a glance: plan, trial, post counts and the next posts',
      scope: 'account:read',
      action: 'account:read',
      answer: { description: 'The summary. Never tokens or secrets.', schema: accountSummarySchema },
      errors: [],
    })(deps.core, getAccountSummary, accountSummaryJson),
    defineOperation({
      id: 'getAnalytics',
      method: 'GET',
      path: '/api/v1/analytics',
      tag: 'Analytics',
      summary: 'Views and engagement, trends, best times and top posts',
      description:
        'Read `coverage` first: it says per platform which metrics exist and why some are missing.',
      access: { scope: 'post:read', action: 'analytics:read' },
      query: analyticsQuery,
      responses: { 200: { description: 'The analytics of the window.', schema: analyticsAnswerSchema } },
      errors: ['invalid_profile_ids', 'profile_scope_denied'],
    })(async ({ ctx, query }) => {
      const profileIds = (query.profile_ids ?? '').split(',').filter((id) => id !== '');
      const answer = await unwrap(
        getAnalytics(deps.core, actorOf(ctx), {
          days: query.days ?? null,
          profileIds: profileIds.length === 0 ? null : profileIds,
          timezone: query.timezone ?? null,
        }),
      );
      return { status: 200, body: answer };
    }),
  ];
}
