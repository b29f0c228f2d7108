import {
  getPostingSlots,
  listQueue,
  postingScheduleSchema,
  type QueueView,
  queueItemsAnswer,
  reorderQueue,
  replacePostingSlots,
  shuffleQueue,
} from '@svc/core';
import { unwrap } from '@svc/web';
import { z } from 'zod';
import type { HttpDeps } from '../http-deps.js';
import { actorOf } from '../http-state.js';
import { type AnyOperation, defineOperation } from '../operation.js';
import { useCaseOperation } from '../use-case-operation.js';

const SLOTS_EXAMPLE = {
  timeZone: 'Europe/Paris',
  slots: [
    { day: 'mon', time: '09:30' },
    { day: 'fri', time: '17:00' },
  ],
};

const queueSchema = z.object({
  items: z
    .array(z.object({ postId: z.string(), scheduledTime: z.string() }))
    .describe('Upcoming posts of the account on its slots, soonest first.'),
});

const queueQuery = z.object({
  profileId: z.string().min(1).describe('The account whose queue to read.'),
});

const QUEUE_EXAMPLE = {
  items: [{ postId: 'post_01JDQ3Z5T2X8K9M4N6P7R0S1V2', scheduledTime: '2031-12-01T08:30:00Z' }],
};

const reorderBody = z
  .object({
    profileId: z.string().min(1).describe('The account whose queue to reorder.'),
    postIds: z
      .array(z.string())
      .describe("Exactly the queue's posts (as `GET /api/v1/queue` lists them), in the new order."),
  })
  .strict();

const shuffleBody = z
  .object({ profileId: z.string().min(1).describe('The account whose queue to shuffle.') })
  .strict();

const QUEUE_WRITE_ERRORS = [
  'validation_failed',
  'invalid_profile_ids',
  'profile_scope_denied',
  'queue_changed',
  'invalid_post_state',
] as const;

function queueAnswer({ items }: QueueView) {
  return { items: queueItemsAnswer(items) };
}

/** Each account's posting slots and its queue (docs/queue.md). */
export function queueOperations(deps: HttpDeps): AnyOperation[] {
  return [
    useCaseOperation({
      id: 'getPostingSlots',
      method: 'GET',
      path: '/api/v1/connections/{id}/slots',
      tag: 'Queue',
      summary: "Read an account's weekly posting slots",
      description:
        "With no slots set, the answer has none, in the owner's time zone setting (UTC until one is chosen).",
      scope: 'account:read',
      action: 'account:read',
      answer: { description: 'The slots.', schema: postingScheduleSchema, example: SLOTS_EXAMPLE },
      errors: ['invalid_profile_ids', 'profile_scope_denied'],
    })(deps.core, getPostingSlots, (schedule) => ({ ...schedule, slots: [...schedule.slots] })),
    defineOperation({
      id: 'replacePostingSlots',
      method: 'PUT',
      path: '/api/v1/connections/{id}/slots',
      tag: 'Queue',
      summary: "Replace an account's weekly posting slots",
      description:
        'Posts already queued keep their times; the new slots apply to the next `queue: true` posts.',
      access: { scope: 'account:write', action: 'account:manage' },
      body: { kind: 'json', schema: postingScheduleSchema, parsedBy: 'core', example: SLOTS_EXAMPLE },
      responses: {
        200: { description: 'The slots as stored.', schema: postingScheduleSchema, example: SLOTS_EXAMPLE },
      },
      errors: ['validation_failed', 'invalid_profile_ids', 'profile_scope_denied'],
    })(async ({ ctx, params, body }) => {
      const schedule = await unwrap(replacePostingSlots(deps.core, actorOf(ctx), params.id ?? '', body));
      return { status: 200, body: { ...schedule, slots: [...schedule.slots] } };
    }),
    defineOperation({
      id: 'listQueue',
      method: 'GET',
      path: '/api/v1/queue',
      tag: 'Queue',
      summary: "An account's upcoming queued posts, soonest first",
      access: { scope: 'post:read', action: 'post:read' },
      query: queueQuery,
      responses: {
        200: {
          description: 'The queue.',
          schema: queueSchema,
          example: QUEUE_EXAMPLE,
        },
      },
      errors: ['validation_failed', 'invalid_profile_ids', 'profile_scope_denied'],
    })(async ({ ctx, query }) => ({
      status: 200,
      body: queueAnswer(await unwrap(listQueue(deps.core, actorOf(ctx), query.profileId))),
    })),
    defineOperation({
      id: 'reorderQueue',
      method: 'POST',
      path: '/api/v1/queue/reorder',
      tag: 'Queue',
      summary: "Put an account's queued posts in a new order on the same slots",
      description:
        "The posts keep the queue's set of slot times, soonest to the first named, in one transaction. A list that is not exactly the current queue is refused with `queue_changed` (409), whose `details.postIds` is the current order. A post being published must stay where it is.",
      access: { scope: 'post:write', action: 'post:schedule' },
      body: {
        kind: 'json',
        schema: reorderBody,
        example: {
          profileId: 'acct_01JDQ3Z5T2X8K9M4N6P7R0S1V2',
          postIds: ['post_01JDQ3Z5T2X8K9M4N6P7R0S1V2'],
        },
      },
      responses: {
        200: { description: 'The queue in its new order.', schema: queueSchema, example: QUEUE_EXAMPLE },
      },
      errors: [...QUEUE_WRITE_ERRORS],
    })(async ({ ctx, body }) => ({
      status: 200,
      body: queueAnswer(await unwrap(reorderQueue(deps.core, actorOf(ctx), body.profileId, body.postIds))),
    })),
    defineOperation({
      id: 'shuffleQueue',
      method: 'POST',
      path: '/api/v1/queue/shuffle',
      tag: 'Queue',
      summary: "Put an account's queued posts in a random order on the same slots",
      description: 'As a reorder to a random order; a post being published keeps its slot.',
      access: { scope: 'post:write', action: 'post:schedule' },
      body: { kind: 'json', schema: shuffleBody, example: { profileId: 'acct_01JDQ3Z5T2X8K9M4N6P7R0S1V2' } },
      responses: {
        200: { description: 'The queue in its new order.', schema: queueSchema, example: QUEUE_EXAMPLE },
      },
      errors: [...QUEUE_WRITE_ERRORS],
    })(async ({ ctx, body }) => ({
      status: 200,
      body: queueAnswer(await unwrap(shuffleQueue(deps.core, actorOf(ctx), body.profileId))),
    })),
  ];
}
