import {
  createReviewLink,
  REVIEW_LINK_MAX_POSTS,
  type ReviewLinkStanding,
  reviewLinkStandings,
  revokeReviewLink,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { listAnswer } from '../list-answer.js';
import { type AnyOperation, defined, defineOperation } from '../operation.js';
import { useCaseOperation } from '../use-case-operation.js';

const LINK_ID = 'rev_01JDQ3Z5T2X8K9M4N6P7R0S1V2';
// The shape of a token, obviously not one.
const TOKEN_EXAMPLE = `svc_${LINK_ID}.example-secret-of-forty-three-characters-long`;
const POST_IDS = ['post_01JDQ3Z5T2X8K9M4N6P7R0S1A1', 'post_01JDQ3Z5T2X8K9M4N6P7R0S1A2'];

const dateTime = z.iso.datetime({
  offset: true,
  error: 'Expected an ISO 8601 date-time with an offset, e.g. 2026-12-01T09:30:00Z.',
});

const createSchema = z.strictObject({
  postIds: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(REVIEW_LINK_MAX_POSTS)
    .optional()
    .describe('The posts it covers: drafts awaiting approval or scheduled posts. Or give from and to.'),
  from: dateTime
    .optional()
    .describe('Instead of postIds: every post awaiting approval or scheduled at or after this time…'),
  to: dateTime.optional().describe('…and before this time (a week of the calendar), resolved now.'),
  profileIds: z
    .array(z.string().min(1).max(200))
    .max(100)
    .optional()
    .describe('With from and to: only posts to these accounts.'),
  expiresAt: dateTime.optional().describe('When the link stops working: default in 7 days, at most 30.'),
  label: z.string().max(200).optional().describe('A note for your list, e.g. the client and the week.'),
});

/** A review link as listed: never its token. */
const reviewLinkSchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  postIds: z.array(z.string()),
  state: z
    .enum(['open', 'expired', 'revoked', 'used_up'])
    .describe('used_up: every post has been decided through it.'),
  decided: z.number().int().describe('How many of its posts have been decided through it.'),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});

const createdSchema = z.object({
  id: z.string(),
  url: z.string().describe('The page to send the client: it holds the token, so send it privately.'),
  token: z.string().describe('`svc_rev_…`, shown this once: no other answer contains it.'),
  expiresAt: z.string(),
  postIds: z.array(z.string()),
  label: z.string().nullable(),
});

const LINK_EXAMPLE = {
  id: LINK_ID,
  label: 'Acme, week 49',
  postIds: POST_IDS,
  state: 'open' as const,
  decided: 0,
  createdAt: '2031-12-01T09:00:00.000Z',
  expiresAt: '2031-12-08T09:00:00.000Z',
  revokedAt: null,
};

/**
 * Review links for clients over REST (docs/teams.md, "Review links"): create one for some posts or
 * a week of the calendar, list them, revoke one. The client's page is the console's `/review`.
 */
export function reviewLinkOperations(deps: HttpDeps): AnyOperation[] {
  const core = deps.core;
  const present = ({ link, decided, state }: ReviewLinkStanding) => {
    return {
      id: link.id,
      label: link.label,
      postIds: [...link.postIds],
      state,
      decided,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      revokedAt: link.revokedAt?.toISOString() ?? null,
    };
  };
  return [
    defineOperation({
      id: 'createReviewLink',
      method: 'POST',
      path: '/api/v1/review-links',
      tag: 'Drafts and approvals',
      summary: 'Create a review link for a client',
      description: `A link a client opens without an account to see the posts' previews and approve or reject each with a note (docs/teams.md). Give postIds, or from and to (and profileIds) for a stretch of the calendar, resolved now; 1 to ${REVIEW_LINK_MAX_POSTS} posts awaiting approval or scheduled. The answer holds the token this once.`,
      access: { scope: 'post:write', action: 'review-link:manage' },
      body: {
        kind: 'json',
        schema: createSchema,
        example: { from: '2031-12-08T00:00:00Z', to: '2031-12-15T00:00:00Z', label: 'Acme, week 50' },
      },
      responses: {
        201: {
          description: 'The link, with its address and token shown this once.',
          schema: createdSchema,
          example: {
            id: LINK_ID,
            url: `https://svc.example.com/review/${TOKEN_EXAMPLE}`,
            token: TOKEN_EXAMPLE,
            expiresAt: '2031-12-08T09:00:00.000Z',
            postIds: POST_IDS,
            label: 'Acme, week 50',
          },
        },
      },
      errors: ['validation_failed', 'post_not_found', 'invalid_post_state'],
    })(async ({ ctx, body }) => {
      const input = defined(body);
      const range =
        input.from !== undefined || input.to !== undefined
          ? {
              from: new Date(input.from ?? input.to ?? ''),
              to: new Date(input.to ?? input.from ?? ''),
              profileIds: input.profileIds ?? null,
            }
          : null;
      const { link, token } = await unwrap(
        createReviewLink(core, actorOf(ctx), {
          postIds: input.postIds ?? null,
          range,
          expiresAt: input.expiresAt === undefined ? null : new Date(input.expiresAt),
          label: input.label ?? null,
        }),
      );
      return {
        status: 201,
        body: {
          id: link.id,
          url: new URL(`/review/${token}`, deps.baseUrl).toString(),
          token,
          expiresAt: link.expiresAt.toISOString(),
          postIds: [...link.postIds],
          label: link.label,
        },
      };
    }),
    defineOperation({
      id: 'listReviewLinks',
      method: 'GET',
      path: '/api/v1/review-links',
      tag: 'Drafts and approvals',
      summary: 'List review links, newest first',
      description: 'Expired and revoked links included, with their state. Tokens are never listed.',
      access: { scope: 'post:read', action: 'post:read' },
      responses: {
        200: listAnswer('reviewLinks', reviewLinkSchema, "The caller's review links.", LINK_EXAMPLE),
      },
      errors: [],
    })(async ({ ctx }) => {
      const standings = await unwrap(reviewLinkStandings(core, actorOf(ctx)));
      return { status: 200, body: { reviewLinks: standings.map(present) } };
    }),
    useCaseOperation({
      id: 'revokeReviewLink',
      method: 'DELETE',
      path: '/api/v1/review-links/{id}',
      tag: 'Drafts and approvals',
      summary: 'Revoke a review link',
      description: 'It stops working at once; decisions already made through it stand.',
      scope: 'post:write',
      action: 'review-link:manage',
      answer: {
        description: 'The link, revoked.',
        schema: z.object({ id: z.string(), revokedAt: z.string() }),
        example: { id: LINK_ID, revokedAt: '2031-12-02T10:00:00.000Z' },
      },
      errors: ['review_link_not_found'],
    })(core, revokeReviewLink, (link) => ({
      id: link.id,
      revokedAt: (link.revokedAt ?? core.clock.now()).toISOString(),
    })),
  ];
}
